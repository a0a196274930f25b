/** Drops empty filters so '' never reaches the server as a value. */
export const presentFilters = (filters: Record<string, string>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
