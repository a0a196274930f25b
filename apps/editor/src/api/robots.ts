import { ROBOTS_API, type RobotsAdditions } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

// A module of its own so only the site settings screen's chunk carries it, not the first load.
const robotsKey = ['site-robots'] as const;

/** The owner's lines added to /robots.txt ('' when none). Owner only. */
export function useRobotsAdditions() {
  return useQuery({
    queryKey: robotsKey,
    queryFn: () => api<RobotsAdditions>('GET', ROBOTS_API),
  });
}

export function useSaveRobotsAdditions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RobotsAdditions) => api<RobotsAdditions>('PUT', ROBOTS_API, { body: input }),
    onSuccess: (saved) => client.setQueryData(robotsKey, saved),
  });
}
