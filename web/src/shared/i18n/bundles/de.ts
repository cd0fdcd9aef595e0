/** Every namespace of one language, in one chunk fetched when the language is first needed (errors from the contracts). */
export default import.meta.glob<string>(['../locales/de/*.json', '../../../../../contracts/locales/de/errors.json'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
