/** Every namespace of one language, in one chunk fetched when the language is first needed (errors from the contracts). */
export default import.meta.glob<string>(['../locales/ja/*.json', '../../../../../contracts/locales/ja/errors.json'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
