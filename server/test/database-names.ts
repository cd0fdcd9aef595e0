/**
 * A test file's PostgreSQL database is named after the run's template, so the run can tell which ones are its own.
 * (A module of its own: the global setup cannot load database.ts, which reads the test workers' context.)
 */
export function testDatabasePrefix(templateName: string): string {
  return `${templateName.replace(/^hearsay_template_/, 'hearsay_test_')}_`;
}
