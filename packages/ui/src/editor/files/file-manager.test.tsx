import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FILE_LIMITS, fileMessages, messages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { ExistingFiles, Thumbnail, type ExistingFilesProps } from './ExistingFiles';
import { FileDetail, type FileDetailProps } from './FileDetail';
import { FileManager } from './FileManager';
import { FileUpload } from './FileUpload';
import { FocalPointPicker } from './FocalPointPicker';
import { sampleFile, sampleFiles } from './sample-files';

afterEach(cleanup);

const listProps = (overrides: Partial<ExistingFilesProps> = {}): ExistingFilesProps => ({
  files: sampleFiles,
  total: 42,
  state: 'ready',
  onSelect: vi.fn(),
  pageSize: 25,
  onPageSizeChange: vi.fn(),
  hasMore: true,
  onLoadMore: vi.fn(),
  ...overrides,
});
const detailProps = (overrides: Partial<FileDetailProps> = {}): FileDetailProps => ({
  file: sampleFile(),
  onRename: vi.fn(),
  onSaveDetails: vi.fn(),
  onDelete: vi.fn(),
  ...overrides,
});
const upload = { uploads: [], onUpload: vi.fn(), maxUploadBytes: FILE_LIMITS.defaultMaxUploadBytes };

describe('ExistingFiles', () => {
  it('shows a file a digital product delivers from its guarded preview, not its public address', () => {
    const { container } = render(
      <Thumbnail
        file={sampleFile({ assetUrl: '/files/f1/print.jpg', previewUrl: '/api/editor/files/f1/preview' })}
      />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      '/api/editor/files/f1/preview?format=100w',
    );
  });

  it('labels the range "first-last of N items", loads more and changes rows per page', () => {
    const props = listProps();
    render(<ExistingFiles {...props} />);
    expect(screen.getByText('1-4 of 42 items')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(props.onLoadMore).toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    expect(props.onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('shows processing states in the spec’s words and selects a file', () => {
    const props = listProps();
    render(<ExistingFiles {...props} />);
    expect(screen.getByText(fileMessages.processing)).toBeTruthy();
    expect(screen.getByText(fileMessages.processingFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Price list\.pdf/ }));
    expect(props.onSelect).toHaveBeenCalledWith(sampleFiles[3]);
  });

  it.each([
    ['empty', listProps({ files: [], total: 0, hasMore: false }), 'No files yet'],
    ['loading', listProps({ files: [], state: 'loading', hasMore: false }), 'Loading files…'],
    [
      'failed',
      listProps({
        files: [],
        state: 'error',
        errorMessage: messages.unableToLoadTryAgain,
        onRetry: vi.fn(),
        hasMore: false,
      }),
      messages.unableToLoadTryAgain,
    ],
  ])('%s has no accessibility violations', async (_state, props, text) => {
    const { container } = render(<ExistingFiles {...props} />);
    expect(container.textContent).toContain(text);
    await expectNoAxeViolations(container);
  });
});

describe('FileDetail', () => {
  it('refuses an empty name with the spec’s message and renames otherwise', () => {
    const props = detailProps();
    render(<FileDetail {...props} />);
    const name = screen.getByLabelText('File name');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByText(fileMessages.enterFileName)).toBeTruthy();
    expect(props.onRename).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Front.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(props.onRename).toHaveBeenCalledWith('Front.jpg');
  });

  it('saves alt text and a focal point moved with the keyboard', () => {
    const props = detailProps();
    render(<FileDetail {...props} />);
    fireEvent.change(screen.getByLabelText(/Alt text/), { target: { value: 'A blue door' } });
    const marker = screen.getByRole('button', { name: /Focal point/ });
    fireEvent.keyDown(marker, { key: 'ArrowRight' });
    fireEvent.keyDown(marker, { key: 'ArrowUp' });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(props.onSaveDetails).toHaveBeenCalledWith({
      altText: 'A blue door',
      mediaFocalPoint: { x: 0.55, y: 0.45 },
    });
  });

  it('asks before deleting and says it cannot be undone', async () => {
    const props = detailProps();
    render(<FileDetail {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Shop front.jpg”?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await expectNoAxeViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(props.onDelete).toHaveBeenCalled();
  });

  it('shows a refused rename as the spec pairs it', () => {
    render(
      <FileDetail
        {...detailProps({
          problem: { title: fileMessages.unableToRename, message: fileMessages.renameProblem },
        })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      `${fileMessages.unableToRename}${fileMessages.renameProblem}`,
    );
  });

  it.each([
    ['a document', detailProps({ file: sampleFiles[3]! })],
    ['processing', detailProps({ file: sampleFiles[1]! })],
    ['processing failed', detailProps({ file: sampleFiles[2]! })],
    ['calls in flight', detailProps({ isRenaming: true, isSaving: true, isDeleting: true })],
    [
      'a refused rename',
      detailProps({ problem: { title: fileMessages.unableToRename, message: fileMessages.renameProblem } }),
    ],
  ])('%s: the state shows and has no accessibility violations', async (state, props) => {
    const { container } = render(<FileDetail {...props} />);
    if (state === 'calls in flight')
      expect(screen.getByRole('button', { name: 'Deleting…' })).toHaveProperty('disabled', true);
    if (state === 'processing failed')
      expect(screen.getByRole('status').textContent).toBe(fileMessages.processingFailed);
    if (state === 'a document') expect(screen.queryByLabelText(/^Alt text/)).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('names the digital products delivering the file and offers an editor its download', async () => {
    const deliveredBy = [
      { id: 'prod-1', title: 'Price list (PDF)', enabled: true },
      { id: 'prod-2', title: 'Old price list', enabled: false },
    ];
    const { container } = render(
      <FileDetail
        {...detailProps({
          file: sampleFiles[3]!,
          deliveredBy,
          originalUrl: '/api/editor/files/file-4/original',
        })}
      />,
    );
    const delivery = screen.getByRole('region', { name: 'Delivered to buyers of' });
    expect(
      within(delivery)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Price list (PDF)', 'Old price list (hidden)']);
    const link = within(delivery).getByRole('link', { name: 'Download file' });
    expect(link.getAttribute('href')).toBe('/api/editor/files/file-4/original');
    expect(link.getAttribute('download')).toBe('Price list.pdf');
    await expectNoAxeViolations(container);
  });

  it('offers a viewer no download, and says nothing of products for a file no product delivers', () => {
    const { rerender } = render(
      <FileDetail
        {...detailProps({
          file: sampleFiles[3]!,
          isReadOnly: true,
          deliveredBy: [{ id: 'p', title: 'Guide', enabled: true }],
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Delivered to buyers of' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download file' })).toBeNull();
    rerender(<FileDetail {...detailProps({ file: sampleFiles[3]!, deliveredBy: [], originalUrl: '/x' })} />);
    expect(screen.queryByRole('region', { name: 'Delivered to buyers of' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download file' })).toBeNull();
  });

  it('is read-only for a viewer and has no accessibility violations', async () => {
    const { container } = render(<FileDetail {...detailProps({ isReadOnly: true })} />);
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Focal point/ }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });
});

describe('FocalPointPicker', () => {
  it('puts the point where the image is clicked', () => {
    const onChange = vi.fn();
    const { container } = render(
      <FocalPointPicker src={sampleFile().assetUrl} value={{ x: 0.5, y: 0.5 }} onChange={onChange} />,
    );
    const area = container.querySelector('.ed-focal')!;
    area.getBoundingClientRect = () => ({
      left: 10,
      top: 20,
      width: 200,
      height: 100,
      right: 210,
      bottom: 120,
      x: 10,
      y: 20,
      toJSON: () => ({}),
    });
    fireEvent.click(area, { clientX: 60, clientY: 95 });
    expect(onChange).toHaveBeenCalledWith({ x: 0.25, y: 0.75 });
  });
});

describe('FileUpload', () => {
  it('shows a progress bar per file and errors with their titles', async () => {
    const { container } = render(
      <FileUpload
        {...upload}
        uploads={[
          { id: 'a', name: 'a.jpg', progress: 0.4, state: 'uploading' },
          { id: 'b', name: 'b.png', progress: 1, state: 'done' },
          {
            id: 'c',
            name: 'c.tiff',
            progress: 0,
            state: 'error',
            error: { title: fileMessages.unableToUpload, message: fileMessages.unsupportedType },
          },
        ]}
      />,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['40', '100']);
    expect(screen.getByRole('alert').textContent).toContain(fileMessages.unableToUpload);
    expect(container.textContent).toContain('up to 20 MB each');
    await expectNoAxeViolations(container);
  });
});

describe('FileManager', () => {
  it('has no accessibility violations with files, a selection and uploads', async () => {
    const { container } = render(
      <FileManager
        list={listProps()}
        upload={{ ...upload, uploads: [{ id: 'a', name: 'a.jpg', progress: 0.5, state: 'uploading' }] }}
        detail={detailProps()}
      />,
    );
    await expectNoAxeViolations(container);
  });

  it('disabled: uploads are off', () => {
    render(<FileManager list={listProps()} upload={{ ...upload, isDisabled: true }} />);
    expect((screen.getByRole('button', { name: 'Upload File' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Select a file to see its details.')).toBeTruthy();
  });
});
