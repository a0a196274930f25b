import { z } from 'zod';
import { text } from '../text';

/**
 * Who may do what on a site. One table read by the API's role guard and by the editor (which
 * hides what a role cannot do): a role's rights are exactly its row, nothing is inferred elsewhere.
 */
export const TEAM_PERMISSIONS = [
  /** Open the editor and read everything in it. */
  'view',
  /** Pages, posts, collections, navigation, styles, files. */
  'edit-content',
  /** Products, inventory, orders, discounts. */
  'manage-store',
  /** Refunds and subscription charges: money moved on the site's word. */
  'move-money',
  /** The site's name, icon, domain-wide settings, cookie consent. */
  'change-settings',
  /** The activity log. */
  'read-activity',
  /** Invite people, change their roles, revoke access, hand the site over. */
  'manage-team',
] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

export const TEAM_ROLE_RIGHTS = {
  owner: [
    'view',
    'edit-content',
    'manage-store',
    'move-money',
    'change-settings',
    'read-activity',
    'manage-team',
  ],
  admin: ['view', 'edit-content', 'manage-store', 'move-money', 'change-settings', 'read-activity'],
  'store-manager': ['view', 'manage-store', 'move-money'],
  editor: ['view', 'edit-content', 'manage-store'],
  viewer: ['view'],
} as const satisfies Record<string, readonly TeamPermission[]>;
export type TeamRole = keyof typeof TEAM_ROLE_RIGHTS;
export const TEAM_ROLES = Object.keys(TEAM_ROLE_RIGHTS) as TeamRole[];
/** The roles an invitation or a role change can give: there is one owner, made only by a hand-over. */
export const INVITABLE_ROLES = ['admin', 'store-manager', 'editor', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const teamRoleLabels: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  'store-manager': 'Store manager',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const teamPermissionLabels: Record<TeamPermission, string> = {
  view: 'See the site in the editor',
  'edit-content': 'Edit pages, posts and styles',
  'manage-store': 'Edit products and handle orders',
  'move-money': 'Refund orders and charge subscriptions',
  'change-settings': 'Change the site settings',
  'read-activity': 'Read the activity log',
  'manage-team': 'Invite people and change their roles',
};

export function isTeamRole(role: string): role is TeamRole {
  return Object.hasOwn(TEAM_ROLE_RIGHTS, role);
}

/** Whether a member holding these roles may do this: any of their roles granting it is enough. */
export function mayDo(roles: readonly string[], permission: TeamPermission): boolean {
  return roles.some((r) => isTeamRole(r) && (TEAM_ROLE_RIGHTS[r] as readonly string[]).includes(permission));
}

export const TEAM_API = {
  team: '/api/editor/team',
  invitations: '/api/editor/team/invitations',
  invitation: '/api/editor/team/invitations/:id',
  /** A fresh link for a waiting invitation, the old one void, in one step. */
  resend: '/api/editor/team/invitations/:id/resend',
  memberRole: '/api/editor/team/members/:id/role',
  member: '/api/editor/team/members/:id',
  transfer: '/api/editor/team/transfer',
  /** Public: the invitee's browser, holding the emailed secret. */
  accept: '/api/team/invitations/accept',
  /** Public: what the join page shows before the invitee answers. */
  preview: '/api/team/invitations/preview',
} as const;

/** Days an invitation link stays usable. */
export const INVITATION_LIFETIME_DAYS = 7;

export const teamMessages = {
  ownerOnly: 'Only the site’s owner can manage the team.',
  emailInvalid: 'Enter an email address such as alex@example.com.',
  roleInvalid: 'Choose one of the roles: admin, store manager, editor or viewer.',
  alreadyMember: 'This person is already on the team. Change their role instead.',
  alreadyInvited: 'This person already has an invitation waiting. Use Send again for a new link.',
  notOnTeam: 'This person is not on the team.',
  invitationMissing: 'This invitation no longer exists.',
  notYourself: 'You cannot change your own role or remove yourself. Hand the site over first.',
  tokenInvalid: 'This invitation link is not valid. Ask the site’s owner for a new one.',
  tokenUsed: 'This invitation has already been accepted. Sign in instead.',
  tokenExpired: 'This invitation has expired. Ask the site’s owner for a new one.',
  passwordWrong: 'This email already has an account here: enter its password to join the team.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const teamEmailSchema = text(254)
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => EMAIL.test(v), teamMessages.emailInvalid);

const invitableRole = z.enum(INVITABLE_ROLES, { message: teamMessages.roleInvalid });

export const teamInviteSchema = z.strictObject({ email: teamEmailSchema, role: invitableRole });
export type TeamInvite = z.input<typeof teamInviteSchema>;

export const teamRoleChangeSchema = z.strictObject({ role: invitableRole });

export const teamTransferSchema = z.strictObject({ memberId: text(64).min(1) });

export const teamAcceptSchema = z.strictObject({
  token: text(128).min(1),
  /** A new account's password, or the existing account's. */
  password: text(128).min(1),
});

export const teamPreviewSchema = z.strictObject({ token: text(128).min(1) });

/** The join page's view of an invitation: the site, the role, and whether the email has an account. */
export const teamInvitationPreviewSchema = z.object({
  siteTitle: z.string(),
  email: z.string(),
  role: invitableRole,
  hasAccount: z.boolean(),
});
export type TeamInvitationPreview = z.infer<typeof teamInvitationPreviewSchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES as [TeamRole, ...TeamRole[]]),
  isYou: z.boolean(),
});
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRole,
  expiresAt: z.string(),
});
export const teamViewSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export type TeamView = z.infer<typeof teamViewSchema>;
