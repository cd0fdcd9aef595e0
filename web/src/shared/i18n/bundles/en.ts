/** Every English namespace but common (which the entry holds), in one chunk fetched as the app starts (errors from the contracts). */
export default import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/en/*.json', '!../locales/en/common.json', '../../../../../contracts/locales/en/errors.json'],
  { eager: true },
);
