/** Every English namespace but common (which the entry holds), in one chunk fetched as the app starts. */
export default import.meta.glob<{ default: Record<string, unknown> }>(['../locales/en/*.json', '!../locales/en/common.json'], {
  eager: true,
});
