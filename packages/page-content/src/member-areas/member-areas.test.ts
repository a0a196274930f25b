import { describe, expect, it } from 'vitest';
import {
  isGateable,
  MEMBER_AREA_LIMITS,
  memberAreaAccess,
  memberAreaInputSchema,
  memberAreaMessages,
} from './member-areas';

const areas = [
  { id: 'club', pageIds: ['recipes', 'videos'] },
  { id: 'pro', pageIds: ['videos', 'masterclass'] },
];
const visitor = { memberAreaIds: new Set<string>(), isTeam: false };

describe('memberAreaAccess', () => {
  it.each([
    ['a page no area gates', 'about', visitor, true],
    ['no page (a system page)', undefined, visitor, true],
    ['a gated page to a visitor', 'recipes', visitor, false],
    [
      'a gated page to a member of its area',
      'recipes',
      { ...visitor, memberAreaIds: new Set(['club']) },
      true,
    ],
    [
      'a gated page to a member of another area',
      'recipes',
      { ...visitor, memberAreaIds: new Set(['pro']) },
      false,
    ],
    [
      'a page of two areas to a member of either',
      'videos',
      { ...visitor, memberAreaIds: new Set(['pro']) },
      true,
    ],
    ['a gated page to the site team', 'masterclass', { ...visitor, isTeam: true }, true],
  ] as const)('%s', (_, pageId, viewer, open) => {
    expect(memberAreaAccess(areas, pageId, viewer).open).toBe(open);
  });

  it('names every area that would open the page, in the site’s order', () => {
    const access = memberAreaAccess(areas, 'videos', visitor);
    expect(access.open === false && access.areas.map((a) => a.id)).toEqual(['club', 'pro']);
  });
});

describe('memberAreaInputSchema', () => {
  const issue = (input: unknown) => {
    const parsed = memberAreaInputSchema.safeParse(input);
    return parsed.success ? undefined : parsed.error.issues[0]!.message;
  };

  it.each([
    ['a name of spaces', { name: '   ' }, memberAreaMessages.nameRequired],
    ['a long name', { name: 'x'.repeat(MEMBER_AREA_LIMITS.name + 1) }, memberAreaMessages.nameTooLong],
    [
      'a long description',
      { name: 'Club', description: 'x'.repeat(MEMBER_AREA_LIMITS.description + 1) },
      memberAreaMessages.descriptionTooLong,
    ],
    [
      'too many pages',
      { name: 'Club', pageIds: Array.from({ length: MEMBER_AREA_LIMITS.pages + 1 }, (_, i) => `p${i}`) },
      memberAreaMessages.tooManyPages,
    ],
    [
      'a NUL byte in the name',
      { name: 'Cl\u0000ub' },
      'Text contains characters that cannot be stored (a NUL byte or a broken character).',
    ],
    ['a number as the name', { name: 42 }, 'Invalid input: expected string, received number'],
  ])('refuses %s', (_, input, message) => {
    expect(issue(input)).toBe(message);
  });

  it('trims, defaults and drops repeated pages', () => {
    expect(memberAreaInputSchema.parse({ name: '  Supper club ', pageIds: ['a', 'b', 'a'] })).toEqual({
      name: 'Supper club',
      description: '',
      pageIds: ['a', 'b'],
    });
  });
});

describe('isGateable', () => {
  it.each([
    ['a page', { kind: 'page', path: '/recipes' }, true],
    ['a collection (a blog, a store)', { kind: 'collection', path: '/journal' }, true],
    ['the home page', { kind: 'page', path: '/' }, false],
    ['a system page (the cart)', { kind: 'system', path: '/cart' }, false],
    ['a folder', { kind: 'folder', path: '/studio' }, false],
  ])('%s: %s', (_, page, gateable) => {
    expect(isGateable(page)).toBe(gateable);
  });
});
