import { POPUP_OVERLAY_API, type EditorPopupOverlay, type UpdatePopupOverlay } from '@site/page-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './http';

export const popupOverlayKeys = {
  overlay: ['popup-overlay'] as const,
};

export function usePopupOverlay() {
  return useQuery({
    queryKey: popupOverlayKeys.overlay,
    queryFn: () => api<EditorPopupOverlay>('GET', POPUP_OVERLAY_API),
  });
}

export function useSavePopupOverlay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePopupOverlay) =>
      api<EditorPopupOverlay>('PUT', POPUP_OVERLAY_API, { body: input }),
    onSuccess: (saved) => client.setQueryData(popupOverlayKeys.overlay, saved),
  });
}
