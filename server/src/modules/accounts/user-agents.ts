/**
 * A person-readable name for the browser and device behind a session ("Firefox", "macOS"), enough to tell
 * one's own sessions apart in Settings. Order matters: Edge and Opera also claim to be Chrome, Chrome claims Safari.
 */
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const devices: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): { browser: string; device: string } {
  const text = userAgent ?? '';
  return {
    browser: browsers.find(([pattern]) => pattern.test(text))?.[1] ?? 'Unknown browser',
    device: devices.find(([pattern]) => pattern.test(text))?.[1] ?? 'Unknown device',
  };
}
