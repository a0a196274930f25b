import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { GalleryMediaField, galleryMessages } from './GalleryMediaField';
import * as stories from './GalleryMediaField.stories';

afterEach(cleanup);
const { EveryMediaType, Full, Loading, LoadError } = composeStories(stories);
const base = stories.default.args;

describe('gallery media field', () => {
  // Full is 50 items of the same markup as EveryMediaType's: axe on it only takes long.
  const { Full: _full, ...checked } = composeStories(stories);
  it.each(Object.entries(checked))('%s passes axe', async (_name, Story) => {
    const { container } = render(<Story />);
    await expectNoAxeViolations(container);
  });

  it('names each item by its media type and says where reused pictures come from', () => {
    render(<EveryMediaType />);
    for (const title of [
      '1. Empty slot',
      '2. Image',
      '3. Image from your site',
      '4. File from your library',
      '5. Licensed image',
      '6. Video',
    ])
      expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByText(messages.galleryEmptySlot)).toBeTruthy();
    expect(screen.getByText('Reused from Product: Field notebooks')).toBeTruthy();
    expect(screen.getByText('From your library: tote.svg')).toBeTruthy();
  });

  it('adds an empty slot, a picture of the site and a library file, each with its type', () => {
    const onChange = vi.fn();
    render(<GalleryMediaField {...base} value={[]} onChange={onChange} />);
    expect(screen.getByText(galleryMessages.noItems)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add empty slot' }));
    expect(onChange).toHaveBeenLastCalledWith([{ type: 'imageEmpty', alt: '', title: '', description: '' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add image from your site' }));
    fireEvent.click(screen.getByRole('button', { name: 'Linen work shirt — Page: Home' }));
    expect(onChange).toHaveBeenLastCalledWith([
      {
        type: 'imageReused',
        src: '/assets/demo/shirt.svg',
        source: 'Page: Home',
        alt: 'Linen work shirt',
        title: '',
        description: '',
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add file from your library' }));
    fireEvent.click(screen.getByRole('button', { name: 'tote.svg' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { type: 'assetReused', fileId: 'f1', alt: '', title: '', description: '' },
    ]);
  });

  it('adds a video with the title and poster its host gave', async () => {
    const onChange = vi.fn();
    render(<GalleryMediaField {...base} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add video' }));
    fireEvent.change(screen.getByLabelText('YouTube or Vimeo link'), {
      target: { value: 'https://vimeo.com/76979871' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add video' })[1]!);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        {
          type: 'video',
          url: 'https://vimeo.com/76979871',
          poster: '',
          alt: '',
          title: 'Workshop tour',
          description: '',
        },
      ]),
    );
  });

  it('shows the host’s refusal and refuses other hosts before asking', async () => {
    const onChange = vi.fn();
    render(
      <GalleryMediaField
        {...base}
        value={[]}
        sources={stories.VideoRefused.args!.sources}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add video' }));
    const input = screen.getByLabelText('YouTube or Vimeo link');
    fireEvent.change(input, { target: { value: 'https://example.com/clip' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add video' })[1]!);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.videoHostUnsupported);
    fireEvent.change(input, { target: { value: 'https://vimeo.com/11111111' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Add video' })[1]!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.videoBasicTier));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Max gallery size 50: a full gallery adds nothing more and says so', () => {
    render(<Full />);
    for (const name of ['Add empty slot', 'Add image', 'Add video'])
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'This block holds at most 50 images. Remove one to add another.',
    );
  });

  it('says when the site’s pictures are loading or could not be loaded', () => {
    render(<Loading />);
    fireEvent.click(screen.getByRole('button', { name: 'Add image from your site' }));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    cleanup();
    render(<LoadError />);
    fireEvent.click(screen.getByRole('button', { name: 'Add file from your library' }));
    expect(screen.getByRole('alert').textContent).toBe(galleryMessages.loadFailed);
  });

  it('fills an empty slot with the picture chosen in the app’s picker', () => {
    const onChange = vi.fn();
    render(
      <GalleryMediaField
        label="Images"
        maxItems={50}
        value={[{ type: 'imageEmpty', alt: 'Planned', title: '', description: '' }]}
        sources={{
          renderChooseFile: (choose) => (
            <button type="button" onClick={() => choose({ src: '/files/f9/a.png', alt: 'A' })}>
              Choose image
            </button>
          ),
        }}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Choose image' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { type: 'imageFile', src: '/files/f9/a.png', alt: 'Planned', title: '', description: '' },
    ]);
  });

  it('adds a licensed image with its licence facts once they are complete, saying what is missing', () => {
    const onChange = vi.fn();
    render(<GalleryMediaField {...base} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add licensed image' }));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Image URL', 'https://images.test/dune.jpg');
    type('Alt text', 'A dune at dawn');
    type('Where it comes from (link)', 'ftp://x.test/a');
    fireEvent.click(screen.getByRole('button', { name: 'Add this image' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Made by').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(messages.licenceCreatorMissing)).toBeTruthy();
    expect(screen.getByText(messages.licenceNameMissing)).toBeTruthy();
    expect(screen.getByText(messages.licenceLinkInvalid)).toBeTruthy();
    type('Made by', 'Jane Doe');
    type('Licence', 'CC BY 4.0');
    type('Where it comes from (link)', 'https://www.unsplash.com/photos/abc');
    expect(screen.getByText('Credit visitors see: Photo: Jane Doe / unsplash.com, CC BY 4.0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add this image' }));
    expect(onChange).toHaveBeenLastCalledWith([
      {
        type: 'imageLicensed',
        src: 'https://images.test/dune.jpg',
        creator: 'Jane Doe',
        sourceUrl: 'https://www.unsplash.com/photos/abc',
        licence: 'CC BY 4.0',
        licenceUrl: '',
        creditRequired: true,
        alt: 'A dune at dawn',
        title: '',
        description: '',
      },
    ]);
  });

  it('editing a licensed image shows its problems in place, and unticking credit needs no name', () => {
    const onChange = vi.fn();
    render(
      <GalleryMediaField {...base} value={stories.LicensedMissingCredit.args!.value} onChange={onChange} />,
    );
    expect(screen.getByText(messages.licenceCreatorMissing)).toBeTruthy();
    expect(screen.getByText(messages.licenceLinkInvalid)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('The licence asks for credit'));
    expect(onChange.mock.lastCall![0][0]).toMatchObject({ type: 'imageLicensed', creditRequired: false });
  });
});
