/** A download's size as an owner reads it: whole kilobytes under a megabyte, then megabytes to one place. */
export const formatFileSize = (bytes: number): string =>
  bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1000))} KB`
    : `${(bytes / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
