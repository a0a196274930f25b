/**
 * Every human-readable string this package emits. Tracking never shows text to
 * visitors; these are console diagnostics and the stack truncation marker, kept
 * here so they can be audited and translated in one place.
 */
export const messages = {
  stackTruncated: '\n… [stack truncated]',
  trackingStatusIgnored: (endpoint: string, status: number) =>
    `Tracking call ${endpoint} answered ${status}; ignored.`,
  trackingRequestFailed: (endpoint: string) => `Tracking call ${endpoint} failed; ignored.`,
  pageTagFailed: (tag: string) => `The site's ${tag} tag threw; the event was skipped.`,
  errorReporterFailed: 'Error reporter could not send; entries dropped.',
} as const;
