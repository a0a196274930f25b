/** What an owner reads when creating a site (POST /api/sites). */
export const siteMessages = {
  emailInvalid: 'Enter a valid email address.',
  titleMissing: 'Give your site a title.',
  titleTooLong: 'Keep the site title to 100 characters or fewer.',
  slugLength: 'The site address must be 3 to 40 characters long.',
  slugCharacters:
    'The site address may use lowercase letters, digits and single hyphens, and must start and end with a letter or digit.',
  slugTaken: 'That site address is taken. Try another one.',
  signUpClosed: 'Sites cannot be created on this server.',
  siteNotFound: 'There is no site at this address.',
} as const;
