/** Where an event was produced (platform.md §3, second schema). */
export const SOURCE_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export type SourceEnvironment = (typeof SOURCE_ENVIRONMENTS)[number];

export const SOURCE_KINDS = ['WEB', 'IOS', 'ANDROID', 'SERVER'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
