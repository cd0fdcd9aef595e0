/** Every English namespace but common (which the entry holds), in one chunk fetched as the app starts (errors from the contracts). */
export default import.meta.glob<string>(
  ['../locales/en/*.json', '!../locales/en/common.json', '../../../../../contracts/locales/en/errors.json'],
  { eager: true, query: '?raw', import: 'default' },
);
