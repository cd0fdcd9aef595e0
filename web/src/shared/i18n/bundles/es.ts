/** Every namespace of one language, in one chunk fetched when the language is first needed (errors from the contracts). */
export default import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/es/*.json', '../../../../../contracts/locales/es/errors.json'],
  {
    eager: true,
  },
);
