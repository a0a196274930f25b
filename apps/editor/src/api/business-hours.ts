import { BUSINESS_HOURS_API, type BusinessHours, type DayHours } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

const hoursKey = ['business-hours'] as const;

/** The site's opening hours (null when it shows none). Owner and admins. */
export function useBusinessHours() {
  return useQuery({
    queryKey: hoursKey,
    queryFn: () => api<BusinessHours>('GET', BUSINESS_HOURS_API),
  });
}

export function useSaveBusinessHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hours: DayHours[] | null) =>
      api<BusinessHours>('PUT', BUSINESS_HOURS_API, { body: { hours } }),
    onSuccess: (saved) => client.setQueryData(hoursKey, saved),
  });
}
