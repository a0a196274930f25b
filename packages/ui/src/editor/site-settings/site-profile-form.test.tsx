import { siteProfileMessages, type SiteProfileView } from '@site/page-content';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SiteProfileForm } from './SiteProfileForm';

afterEach(cleanup);

const profile: SiteProfileView = {
  title: 'Harbour Supply',
  timeZone: 'America/New_York',
  locale: 'en-US',
  contactEmail: '',
  businessAddress: { street: '', city: '', region: '', postalCode: '', country: '' },
  socialProfiles: [],
  iconUrl: null,
  logoUrl: null,
};
const handlers = () => ({ onSave: vi.fn(), onUploadIcon: vi.fn(), onRemoveIcon: vi.fn() });

describe('SiteProfileForm', () => {
  it('saves what the owner typed, social profiles one a line, and only once something changed', async () => {
    const h = handlers();
    const { container } = render(<SiteProfileForm profile={profile} {...h} />);
    await expectNoAxeViolations(container);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Site name/), { target: { value: 'Quay & Co' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Paris' } });
    fireEvent.change(screen.getByLabelText('Language and region'), { target: { value: 'fr-FR' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Portland' } });
    fireEvent.change(screen.getByLabelText('Social profiles'), {
      target: { value: ' https://instagram.com/quay \n\nhttps://x.com/quay' },
    });
    fireEvent.click(save);
    expect(h.onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Quay & Co',
        timeZone: 'Europe/Paris',
        locale: 'fr-FR',
        businessAddress: expect.objectContaining({ city: 'Portland' }),
        socialProfiles: ['https://instagram.com/quay', 'https://x.com/quay'],
      }),
    );
    // axe walks every option of the time-zone list (some 400) in jsdom.
  }, 30_000);

  it('names a mistake beside its field before any round trip', () => {
    const h = handlers();
    render(<SiteProfileForm profile={profile} {...h} />);
    fireEvent.change(screen.getByLabelText(/Site name/), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Contact email'), { target: { value: 'hello' } });
    fireEvent.change(screen.getByLabelText('Social profiles'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(h.onSave).not.toHaveBeenCalled();
    expect(screen.getByText(siteProfileMessages.titleRequired)).toBeTruthy();
    expect(screen.getByText(siteProfileMessages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(siteProfileMessages.socialInvalid)).toBeTruthy();
  });

  it('uploads a chosen icon and offers removing one that is set', () => {
    const h = handlers();
    const { rerender, container } = render(<SiteProfileForm profile={profile} {...h} />);
    expect(screen.queryByRole('button', { name: 'Remove icon' })).toBeNull();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [file] } });
    expect(h.onUploadIcon).toHaveBeenCalledWith(file);
    rerender(
      <SiteProfileForm profile={{ ...profile, iconUrl: '/site-icon/0123456789abcdef/180.png' }} {...h} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove icon' }));
    expect(h.onRemoveIcon).toHaveBeenCalled();
  });

  it('read only: no save button and the fields cannot change', () => {
    render(<SiteProfileForm profile={profile} {...handlers()} isReadOnly />);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect((screen.getByLabelText(/Site name/) as HTMLInputElement).disabled).toBe(true);
  });
});
