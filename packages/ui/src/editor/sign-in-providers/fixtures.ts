import type { SsoSettingsView } from '@site/page-content';

/** Two providers as the editor gets them: one on, one off with a secret this server cannot open. */
export const redirectUrl = 'https://shop.example.com/api/site-users/sso/callback';
export const filledSettings: SsoSettingsView = {
  redirectUrl,
  providers: [
    {
      id: 'p1',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: '1234567890-abcdefghijklmnop.apps.googleusercontent.com',
      clientSecretEnding: 'x9Qk',
      enabled: true,
    },
    {
      id: 'p2',
      name: 'Staff (Okta)',
      issuer: 'https://example-company.okta.com/oauth2/default',
      clientId: '0oa1b2c3d4e5f6g7h8i9',
      clientSecretEnding: '',
      enabled: false,
    },
  ],
};
