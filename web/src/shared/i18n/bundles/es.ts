/** Every namespace of one language, in one chunk fetched when the language is first needed. */
export default import.meta.glob<{ default: Record<string, unknown> }>('../locales/es/*.json', { eager: true });
