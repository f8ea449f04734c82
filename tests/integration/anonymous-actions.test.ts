import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue } from './helpers/catalogue';
import { actionSchemaPath } from '../../server/dispatcher/action-files';

/**
 * Issue 24 item 3: every dispatcher action decided for anonymous screening. An action that
 * returns applicant data says how a hidden application (an anonymous position's applicant
 * before the reveal level) is kept from being tied to a person; every other action says why it
 * returns none. A new action fails this test until it is decided here; the attacks themselves
 * are in anonymous-screening.test.ts and person-fields.test.ts.
 */

const SCREENED = 'applicant data: rows of hidden applications carry "Sökande <id>", no e-mail, contact, personnummer, photo or identifying answers, and neutral file names (screening.ts, neutral-files.ts)';
const EXCLUDED = 'applicant data: hidden applications are left out of the match before any limit (anonymous-screening.ts notHiddenCondition)';
const FILTER = 'applicant data by filter: the text filter and \'Ansökta tjänster\' never match a hidden application (applicant-filters.ts shownLevels, alsoAppliedTo)';
const CHAT = 'applicant data: a conversation whose person has no shown application goes by "Anonym sökande (samtal <id>)", no e-mail, no link to an application (chat-screening.ts)';
const NONE = 'no applicant data';
const STAFF = 'staff accounts and rights only, no applicant data';
const WRITE = 'a write about applications: its answer is ids and counts, or the screened row';

const DECISIONS: Record<string, string> = {
  get_applicantPositionByPosition: `${SCREENED}; ${FILTER}`,
  get_applicantPositionByLabel: `${SCREENED}; ${EXCLUDED}`,
  get_applicantPosition: `${SCREENED}; the mail log keeps templates without the person's merge values (email.ts loggedMail)`,
  get_applicantPositions: `${EXCLUDED}: staff asking by e-mail get no hidden application; the applicant themself gets their own`,
  get_applicantPositionBySearchQuery: EXCLUDED,
  get_applicantBoard: `${SCREENED} (board.ts: a column is hidden or shown as a whole)`,
  get_applicantIdsByFilter: FILTER,
  get_applicantCounts: FILTER,
  get_applicantNeighbours: FILTER,
  get_applicantScorecards: 'scores and criteria of one application by id, no person data',
  get_applicantSkillsAnswer: 'skill answers of one application by id, no person data',
  create_applicantAnswer: WRITE,
  create_applicantsExport: `${SCREENED} (report.csv: screenedForExport)`,
  create_ApplicantPDFExport: `${SCREENED} (PDF: screenedForExport)`,
  create_JobApplicantNote: `${WRITE} (applicantView)`,
  update_jobApplicant: `${WRITE} (applicantView)`,
  update_jobApplicationStatus: `${WRITE}; its bell item counts, never names`,
  update_jobApplicationProcess: WRITE,
  delete_jobapplication: WRITE,
  create_jobApplication: 'the public form answers its own applicant; staff registering someone typed the person in themselves (its bell item says "Sökande <id>"); an address that already applied gets 409 without an id, as the public form gives anyone',
  create_positionDemoApplicants: 'odin: invented demo applicants',
  send_email: 'mail to one application: while hidden it goes to the application\'s own address whatever address staff typed (a guess answered from would name them); results and refusals say "Sökande <id>"; the log keeps the template (email.ts)',
  send_emailToApplicants: 'mail to selected ids: failed and missing-address rows say "Sökande <id>" while hidden; the log keeps the template (email.ts)',
  get_MessagingChannels: CHAT,
  get_channelMessages: CHAT,
  send_MessageCommand: `${CHAT}; the staff writer gets their message back screened, the bell item has no link`,
  get_notifications: 'bell: new applications say "Sökande <id>", messages of an anonymous person have the neutral conversation name and no link (chat.ts messageNotice)',
  get_notification: 'one bell item: as get_notifications',
  update_NotificationRead: 'bell read state: ids only',
  delete_NotificationById: NONE,
  delete_NotificationByContainerId: NONE,
  get_gdprPerson: 'GDPR desk (Administrator): the data subject\'s own request names them by law; documented exception',
  create_userExport: 'GDPR export for the data subject (Administrator): documented exception',
  get_retentionSettings: 'retention settings and legal holds: position ids, staff user ids and reasons, no applicant data',
  update_retentionSettings: NONE,
  create_legalHold: 'a hold on a position: the hold (position, staff user id, reason), no applicant data',
  delete_legalHold: 'a hold on a position: the hold (position, staff user id, reason), no applicant data',
  get_talentPool: 'the talent pool: people who consented to be kept and contacted, by name, outside any screened application (issue 28); documented exception',
  create_talentPoolInvitation: 'mails the application\'s own address; answers an expiry time only, never who',
  create_talentPoolApplyInvite: 'ids only; the person is one who consented to the pool',
  get_myTalentPool: 'the candidate\'s own consents',
  delete_myTalentPoolConsent: 'the candidate withdraws their own consent',
  delete_ApplicantFromContainer: 'GDPR erasure (Administrator): answers a count',
  get_myContainers: 'the candidate\'s own organisations',
  delete_myApplication: 'the candidate withdraws their own',
  get_applicantReadLog: 'who read one application (Administrator): staff names, roles, kinds and times, never what was read nor who the applicant is (read-log.ts)',
  update_protectedIdentity: `${WRITE}: the protected flag of one application by id`,
  get_privacySettings: 'the organisation\'s personnummer mode, reason and roles; no applicant data',
  update_privacySettings: 'the personnummer settings; no applicant data',
  get_accessibilityStatement: 'the organisation\'s statement texts and reports visitors sent; no applicant data',
  update_accessibilityStatement: 'statement texts; no applicant data',
  get_scimSettings: 'SCIM provisioning settings: whether a token exists and since when, the default role; no applicant data',
  update_scimSettings: NONE,
  create_scimToken: 'a new SCIM token for the organisation, shown once; no applicant data',
  delete_scimToken: NONE,
  get_containerSso: 'the organisation\'s OpenID sign-in settings without the secret; no applicant data',
  update_containerSso: NONE,
  create_webhook: 'a webhook subscription and its secret, shown once; no applicant data',
  get_webhooks: 'webhook URLs and event types with delivery counts; no applicant data',
  delete_webhook: NONE,
  get_webhookDeliveries: 'delivery log: event type, application or position id, status and HTTP answer; payloads carry ids only, no applicant data',
  resend_webhookDelivery: NONE,
  create_meritRequest: 'the candidate asks about their own application; answers its id',
  get_myApplicationTasks: 'the candidate\'s own application: its interview times and the number of referees asked for, none while it is hidden (candidate-tasks.ts)',
  update_myInterview: 'the candidate books their own interview; answers as get_myApplicationTasks',
  delete_myInterview: 'the candidate cancels their own interview; answers as get_myApplicationTasks',
  create_myReferees: 'the candidate names their own referees: refused (409) while the application is hidden, as create_referenceRequest',
  get_meritDisclosure: 'the hired person\'s merits with every identifying value struck (merits.ts strike); the requester goes by id only',
  send_meritDisclosure: 'mails the requester at their own application\'s address; answers the id and the letter, which holds no identity of the hired',
  get_events: 'platform event log: actions and staff user ids, no applicant names',
  get_PositionsCards: 'positions with counts, no applicant',
  get_positions: 'positions with counts, no applicant',
  get_positions_by_container: 'positions with counts, no applicant',
  get_position: NONE,
  get_analysis: 'counts per level, source, step and week; the active-measures cells of 1 to 4 people are suppressed; no person data',
  update_analysisSettings: NONE,
  get_sessions: "the caller's own sessions (device, network, times), no applicant data",
  delete_session: NONE,
  delete_sessions: 'a count of ended sessions (the caller\'s, or a colleague\'s by id), no applicant data',
  get_mfa: "the caller's own second factors, no applicant data",
  create_totpEnrollment: "the caller's own new TOTP secret, no applicant data",
  update_totpEnrollment: "the caller's recovery codes, shown once; no applicant data",
  delete_totpEnrollment: NONE,
  create_passkeyRegistration: 'WebAuthn registration options for the caller, no applicant data',
  update_passkeyRegistration: NONE,
  delete_passkey: NONE,
  get_containerMfa: NONE,
  update_containerMfa: NONE,
  create_apiKey: 'a new API key, shown once; no applicant data (what the key reads through /api/v1 is the organisation\'s own, outside anonymous screening: an integration acts for the organisation)',
  get_apiKeys: 'key names, scopes and dates, no applicant data',
  delete_apiKey: NONE,
  get_applicantInterviews: 'interviews of one application by id: times, place, interviewer ids; no name, e-mail or answer of the person',
  create_interviewSlots: 'a write about one application: its answer is ids and times',
  create_interviewSlotsForMany: 'a write about applications: its answer is ids and times, and the ids of hidden applications it left out',
  get_positionInterviewers: STAFF,
  cancel_applicantInterview: NONE,
  get_myCalendarFeed: "the caller's own feed link; the feed names an applicant only when chosen, and never one whose application is hidden (interviews/feed.ts)",
  renew_myCalendarFeed: "the caller's own feed link, as get_myCalendarFeed",
  update_myCalendarFeed: "the caller's own feed setting, as get_myCalendarFeed",
  delete_myCalendarFeed: NONE,
  get_references: 'applicant data: references name the person, so a hidden application\'s are refused (409) until the reveal level (actions/applicants/references.ts)',
  create_referenceRequest: 'a write about one application: refused (409) while it is hidden, as get_references',
};

for (const name of [
  'create_userContainerPermission', 'get_containerUser', 'get_containerUsers', 'update_ContainerUserPermissionsCommand', 'delete_userContainerPermission',
  'create_positionPermission', 'delete_positionPermission', 'get_positionPermissions', 'resend_invitation', 'delete_invitation', 'update_account', 'update_password',
  'get_UserNotificationPreferences', 'update_NotificationPreferences', 'get_PositionNotificationPreferences', 'update_PositionNotificationPreferences',
]) DECISIONS[name] = STAFF;

for (const name of [
  'add_emailTemplate', 'add_skillCommand', 'add_skillPosition', 'add_skillTemplate', 'add_textTemplate', 'answer_defaultEmailTemplatesOffer', 'copy_position',
  'create_Folder', 'create_blogPost', 'create_container', 'create_containerAssetCommand', 'create_containerMetadata', 'create_demoContainer', 'create_position',
  'create_positionTemplateAssetCommand', 'create_positionType', 'delete_ContainerAsset', 'delete_ContainerTemplate', 'delete_blogPost', 'delete_container',
  'delete_position', 'delete_skill', 'delete_skillPosition', 'delete_skillTemplate', 'get_ContainerTemplates', 'get_PositionsPartnersByPositionId',
  'get_TemplateProperties', 'get_blogPosts', 'get_competenceTemplates', 'get_competences', 'get_container', 'get_containerSkills', 'get_containerTheme',
  'get_containers', 'get_defaultEmailTemplatesOffer', 'get_emailTemplates', 'get_folder', 'get_folderImages', 'get_folders', 'get_formTemplateSchema',
  'get_formTemplates', 'get_positionScoreCriteria', 'get_positionsPartnersBuilderQuery', 'get_positionsPartnersSetting', 'get_skillPositions', 'get_skillsIcons',
  'get_textTemplates', 'import_formTemplateSchema', 'reset_containerTheme', 'update_PositionArchivedStatus', 'update_PositionPartner', 'update_containerTemplate',
  'update_containerTheme', 'update_position', 'update_positionPartnerSetting', 'update_positionScoreCriteria', 'upload_folderImage', 'upsert_ContainerTemplate',
  'upsert_applicantScorecard', 'get_positionInterviewKits', 'update_positionInterviewKit',
]) DECISIONS[name] ??= NONE;

/** What in an action's declared answer says it may carry a person: the applicant answers, the bell, e-mail, names, files. */
const PERSONAL = /applicant-(item|detail)|candidate-application|notification\.json|"(email|firstname|lastname|filename|authorName|userId)"/;

describe('anonymous screening: every action decided', () => {
  const actions = catalogue();

  it('has a decision for every dispatcher action and none for an action that is gone', () => {
    const names = actions.map((a) => a.name).sort();
    expect(names.filter((n) => !(n in DECISIONS)), 'actions without an anonymity decision').toEqual([]);
    expect(Object.keys(DECISIONS).filter((n) => !names.includes(n)).sort(), 'decisions of actions that are gone').toEqual([]);
  });

  it('decides every action whose declared answer may carry a person as something other than "no applicant data"', () => {
    const personal = actions.filter((a) => PERSONAL.test(JSON.stringify(JSON.parse(readFileSync(actionSchemaPath(a.name), 'utf8'))['x-answer'] ?? null)));
    expect(personal.length).toBeGreaterThan(10);
    expect(personal.filter((a) => DECISIONS[a.name] === NONE).map((a) => a.name)).toEqual([]);
  });
});
