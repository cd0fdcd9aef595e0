/** Every namespace of one language, in one chunk fetched when the language is first needed (errors from the contracts). */
export default import.meta.glob<string>(['../locales/fr/*.json', '../../../../../contracts/locales/fr/errors.json'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
