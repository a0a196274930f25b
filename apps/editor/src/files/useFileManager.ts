import {
  FILE_LIMITS,
  FILE_TYPES,
  FILES_API,
  fileMessages,
  type FileKind,
  type FileView,
} from '@site/page-content';
import type { FileManagerProps, FileProblem } from '@site/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../api/http';
import { fileKeys, useDeleteFile, useFileProducts, useFiles, useUpdateFile } from '../api/files';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { uploadFile, UploadError } from '../api/uploads';
import { withProcessingOutcome, type TrackedUpload } from './upload-outcome';

/** A refused edit, titled as the spec pairs it; a server fault gets the spec's generic body. */
function problemOf(error: unknown, title: string, fallback: string): FileProblem {
  const serverFault = !(error instanceof ApiError) || error.status >= 500 || error.status === 0;
  return { title, message: serverFault ? fallback : errorMessage(error) };
}

/**
 * Everything the file manager shows and does, for the Files screen and the image picker alike:
 * pages of files, uploads with progress (each file its own request, several at once), rename,
 * details and delete.
 */
export function useFileManager({
  kind = 'all',
  onChoose,
}: { kind?: FileKind; onChoose?: (file: FileView) => void } = {}): FileManagerProps {
  const client = useQueryClient();
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const [pageSize, setPageSize] = useState<number>(FILE_LIMITS.pageSizes[1]);
  const files = useFiles(pageSize, kind);
  const [selectedId, setSelectedId] = useState<string>();
  const [uploads, setUploads] = useState<TrackedUpload[]>([]);
  const [problem, setProblem] = useState<FileProblem>();
  const nextUpload = useRef(0);
  const update = useUpdateFile();
  const remove = useDeleteFile();

  const pages = files.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const maxUploadBytes = pages[0]?.maxUploadBytes ?? FILE_LIMITS.defaultMaxUploadBytes;
  const selected = items.find((f) => f.id === selectedId);
  const deliveredBy = useFileProducts(selected?.id);

  const patchUpload = (id: string, change: Partial<TrackedUpload>) =>
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const startUpload = (file: File) => {
    const id = `upload-${++nextUpload.current}`;
    const refused =
      file.size === 0
        ? fileMessages.emptyFile
        : file.size > maxUploadBytes
          ? fileMessages.tooLarge(maxUploadBytes)
          : undefined;
    if (refused) {
      setUploads((all) => [
        ...all,
        {
          id,
          name: file.name,
          progress: 0,
          state: 'error',
          error: { title: fileMessages.unableToUpload, message: refused },
        },
      ]);
      return;
    }
    setUploads((all) => [...all, { id, name: file.name, progress: 0, state: 'uploading' }]);
    uploadFile(file, (progress) => patchUpload(id, { progress })).then(
      (uploaded) => {
        patchUpload(id, { state: 'done', progress: 1, fileId: uploaded.id });
        setSelectedId(uploaded.id);
        void client.invalidateQueries({ queryKey: fileKeys.all });
      },
      (error: unknown) =>
        patchUpload(id, {
          state: 'error',
          error:
            error instanceof UploadError
              ? { title: error.title, message: error.message }
              : { title: fileMessages.errorUploading, message: fileMessages.uploadIncomplete },
        }),
    );
  };

  return {
    list: {
      files: items,
      total: pages.at(-1)?.total ?? 0,
      state: files.isPending ? 'loading' : files.isError && items.length === 0 ? 'error' : 'ready',
      errorMessage: files.error ? errorMessage(files.error) : undefined,
      onRetry: () => void files.refetch(),
      selectedId,
      onSelect: (file) => {
        setProblem(undefined);
        setSelectedId(file.id);
      },
      pageSize,
      onPageSizeChange: setPageSize,
      hasMore: files.hasNextPage,
      isLoadingMore: files.isFetchingNextPage,
      onLoadMore: () => void files.fetchNextPage(),
    },
    upload: {
      uploads: uploads.map((u) =>
        withProcessingOutcome(
          u,
          items.find((f) => f.id === u.fileId),
        ),
      ),
      onUpload: (list) => list.forEach(startUpload),
      onDismiss: (id) => setUploads((all) => all.filter((u) => u.id !== id)),
      maxUploadBytes,
      isDisabled: readOnly,
      acceptedTypes:
        kind === 'all' ? undefined : Object.keys(FILE_TYPES).filter((type) => type.startsWith(`${kind}/`)),
    },
    detail: selected && {
      file: selected,
      isReadOnly: readOnly,
      deliveredBy: deliveredBy.data,
      // The guarded call refuses a viewer, so a viewer is not offered the link.
      originalUrl: readOnly ? undefined : FILES_API.original(selected.id),
      problem,
      isRenaming: update.isPending,
      isSaving: update.isPending,
      isDeleting: remove.isPending,
      onRename: (name) => {
        setProblem(undefined);
        update.mutate(
          { id: selected.id, version: selected.version, name },
          {
            onError: (error) =>
              setProblem(problemOf(error, fileMessages.unableToRename, fileMessages.renameProblem)),
          },
        );
      },
      onSaveDetails: (change) => {
        setProblem(undefined);
        update.mutate(
          { id: selected.id, version: selected.version, ...change },
          {
            onError: (error) =>
              setProblem(problemOf(error, fileMessages.unableToUpdate, fileMessages.uploadProblem)),
          },
        );
      },
      onDelete: () => {
        setProblem(undefined);
        remove.mutate(selected.id, {
          onSuccess: () => setSelectedId(undefined),
          onError: (error) => setProblem(problemOf(error, fileMessages.unableToUpdate, errorMessage(error))),
        });
      },
      onChoose,
    },
  };
}
