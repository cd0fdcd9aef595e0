/** Every namespace of one language, in one chunk fetched when the language is first needed (errors from the contracts). */
export default import.meta.glob<string>(['../locales/es/*.json', '../../../../../contracts/locales/es/errors.json'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
