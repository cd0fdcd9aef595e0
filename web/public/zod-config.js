// Zod compiles fast parsers with `new Function` when it may, and merely probing for that breaks the
// page's script-src policy, which forbids eval. Zod reads this setting when it loads, before any
// schema of the app is built, so it has to be set by a script that runs ahead of the app's modules.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
