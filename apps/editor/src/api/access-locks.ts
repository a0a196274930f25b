import { ACCESS_LOCKS_API, type AccessLocks, type UpdateAccessLock } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const accessLockKeys = {
  locks: ['access-locks'] as const,
};

/** Which pages (and whether the site) ask visitors for a password. */
export function useAccessLocks() {
  return useQuery({
    queryKey: accessLockKeys.locks,
    queryFn: () => api<AccessLocks>('GET', ACCESS_LOCKS_API),
  });
}

/** Sets (or with password null removes) the site's or a page's password. */
export function useSetAccessLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccessLock) => api<AccessLocks>('PUT', ACCESS_LOCKS_API, { body: input }),
    onSuccess: (locks) => client.setQueryData(accessLockKeys.locks, locks),
  });
}
