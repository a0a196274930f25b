import { z } from 'zod';
import { memberAreaMessages } from '../../member-areas/member-areas';
import { text } from '../../text';
import { defineBlock } from '../define-block';

/**
 * Member area (platform.md §3 names the block type): a call to join one of the site's areas, with
 * its name and description. Join leads to the area's first page, which shows a visitor the join
 * screen (sign up or sign in, then Join) and a member the page; a member reads "You’re a member"
 * and a link in instead.
 */
export const memberAreaBlock = defineBlock({
  type: 'member-area',
  code: 67,
  label: 'Member area',
  category: 'more',
  description: 'Invites visitors to join one of your member areas; members get a link in.',
  settings: z.object({
    areaId: text(200).default(''),
    buttonLabel: text(100).default('Join'),
    openLabel: text(100).default('Go to the member area'),
  }),
  fields: [
    { key: 'areaId', label: 'Member area', kind: 'member-area' },
    { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
    { key: 'openLabel', label: 'Link label for members', kind: 'text', maxLength: 100 },
  ],
  view: (s, data) => {
    const area = data.memberAreas?.get(s.areaId);
    return {
      area: area && {
        ...area,
        description: area.description || undefined,
        buttonLabel: s.buttonLabel || 'Join',
        openLabel: s.openLabel || 'Go to the member area',
        memberText: memberAreaMessages.joined,
        noPages: memberAreaMessages.noPagesYet,
      },
    };
  },
  template:
    '<section class="member-area-block">{.section area}<p class="member-area-block__eyebrow">Member area</p>' +
    '<h2 class="member-area-block__name">{name|htmltag}</h2>' +
    '{.section description}<p class="member-area-block__description">{@|htmltag}</p>{.end}' +
    '{.if joined}<p class="member-area-block__status">{memberText|htmltag}</p>{.section url}<a class="button button--outline button--medium" href="{@|htmlattr}">{openLabel|htmltag}</a>{.end}' +
    '{.or}{.section url}<a class="button button--primary button--medium" href="{@|htmlattr}">{buttonLabel|htmltag}</a>{.or}<p class="member-area-block__soon">{noPages|htmltag}</p>{.end}{.end}' +
    '{.or}<div class="block-empty">Choose a member area to show</div>{.end}</section>',
});
