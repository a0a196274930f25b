import { describe, expect, it } from 'vitest';
import { memberAreaMessages } from '../../member-areas/member-areas';
import { EMPTY_RENDER_DATA, renderBlock } from '../../render/render-document';

const render = (areaId: string, area?: { url?: string; joined: boolean; description?: string }) =>
  renderBlock(
    { id: 'b', type: 'member-area', settings: { areaId } },
    {
      ...EMPTY_RENDER_DATA,
      memberAreas: new Map(
        area
          ? [
              [
                'club',
                { name: 'Makers <club>', description: area.description ?? 'Patterns and recipes.', ...area },
              ],
            ]
          : [],
      ),
    },
  ).html;

describe('member area block', () => {
  it.each([
    [
      'a visitor: the area and Join, leading to its first page',
      { url: '/recipes', joined: false },
      [
        '<h2 class="member-area-block__name">Makers &lt;club&gt;</h2>',
        'Patterns and recipes.',
        'href="/recipes">Join</a>',
      ],
      [memberAreaMessages.joined],
    ],
    [
      'a member: “You’re a member” and a link in',
      { url: '/recipes', joined: true },
      [memberAreaMessages.joined, 'href="/recipes">Go to the member area</a>'],
      ['>Join</a>'],
    ],
    [
      'an area without pages: no button, says so',
      { joined: false, description: '' },
      [memberAreaMessages.noPagesYet],
      ['<a ', 'member-area-block__description'],
    ],
  ])('shows %s', (_, area, present, absent) => {
    const html = render('club', area);
    for (const text of present) expect(html).toContain(text);
    for (const text of absent) expect(html).not.toContain(text);
  });

  it('asks for an area while none (or a removed one) is chosen', () => {
    expect(render('')).toContain('Choose a member area to show');
    expect(render('gone', { joined: false })).toContain('Choose a member area to show');
  });
});
