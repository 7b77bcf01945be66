/**
 * The demo organisation, generated from a seed.
 *
 * Everything is drawn from one `Prng`, in a fixed order, so a seed always gives the same data.
 * Seeded timestamps are placed before a fixed anchor date (not "now"), so they do not drift
 * between runs, and anything created while the simulator runs is newer than all of them.
 * Generation is linear in the number of users: 10 000 users take well under a second.
 */
import { Prng } from './prng';
import { JobTitleRecordSchema, LearningUnitRecordSchema, LocationRecordSchema, withBlanks } from './records';
import type {
	AttributeOption,
	AttributeRecord,
	BlockReasonRecord,
	CertificateRecord,
	CompletionStatus,
	CustomValue,
	DataType,
	JobTitleRecord,
	LearnerRow,
	LearningResourceRecord,
	LearningSectionRecord,
	LearningState,
	LocationRecord,
	OrgUnitRecord,
	PermissionRecord,
	PraiseRecord,
	UserRecord,
} from './store';

export interface SeedOptions {
	seed?: number | string;
	/** Users in the organisation, the admin included (default 250; at least 1). */
	users?: number;
}

export interface OrgData {
	seed: number | string;
	adminId: string;
	users: UserRecord[];
	departments: OrgUnitRecord[];
	businesses: OrgUnitRecord[];
	locations: LocationRecord[];
	jobTitles: JobTitleRecord[];
	permissions: PermissionRecord[];
	userPermissions: Map<string, Set<number>>;
	attributes: AttributeRecord[];
	blockReasonCodes: BlockReasonRecord[];
	praises: PraiseRecord[];
	learningResources: LearningResourceRecord[];
	learnerRows: LearnerRow[];
	certificates: CertificateRecord[];
}

/** Seeded history ends here; see the module comment. */
export const SEED_ANCHOR = Date.UTC(2026, 5, 30, 9, 0, 0);
const DAY = 86_400_000;

export const EMAIL_DOMAIN = 'acme-demo.example';

/** A 1×1 PNG: the image behind every seeded profile picture. */
export const DEFAULT_PICTURE = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64',
);

const FIRST_NAMES = [
	'Aarav', 'Abigail', 'Adam', 'Aisha', 'Alejandro', 'Amelia', 'Ananya', 'Arjun', 'Beatriz', 'Benjamin',
	'Carlos', 'Charlotte', 'Chen', 'Chloe', 'Daniel', 'Diego', 'Elena', 'Emily', 'Ethan', 'Fatima',
	'Gabriel', 'Grace', 'Hannah', 'Hiroshi', 'Isabella', 'Ivan', 'Jack', 'James', 'Julia', 'Kavya',
	'Kenji', 'Laura', 'Leon', 'Liam', 'Lucas', 'Maria', 'Mateo', 'Maya', 'Mei', 'Mohammed',
	'Nadia', 'Noah', 'Olivia', 'Omar', 'Priya', 'Rahul', 'Rosa', 'Samuel', 'Sara', 'Sofia',
	'Tariq', 'Thomas', 'Valentina', 'Victor', 'William', 'Yara', 'Yuki', 'Zara', 'Zoe', 'Ines',
];
const LAST_NAMES = [
	'Adeyemi', 'Ahmed', 'Alvarez', 'Anderson', 'Bauer', 'Brown', 'Chen', 'Costa', 'Das', 'Davis',
	'Dubois', 'Evans', 'Fernandez', 'Fischer', 'Garcia', 'Gupta', 'Hansen', 'Hughes', 'Ito', 'Iyer',
	'Jensen', 'Johnson', 'Kapoor', 'Kim', 'Kowalski', 'Lee', 'Lopez', 'Martin', 'Meyer', 'Miller',
	'Moreau', 'Murphy', 'Nair', 'Nguyen', 'Novak', 'Okafor', 'Patel', 'Pereira', 'Quinn', 'Rao',
	'Reddy', 'Rossi', 'Sato', 'Schmidt', 'Silva', 'Singh', 'Smith', 'Suzuki', 'Taylor', 'Thomas',
	'Tanaka', 'Usman', 'Varga', 'Wagner', 'Walker', 'Wang', 'Wilson', 'Yamamoto', 'Young', 'Zhang',
];
const MIDDLE_NAMES = ['J.', 'Marie', 'Lee', 'Ann', 'Kumar', 'Rose', 'James'];

const DEPARTMENTS = ['Engineering', 'Product', 'Sales', 'Marketing', 'Customer Support', 'Finance', 'Human Resources', 'Operations'];
const BUSINESSES = ['Manufacturing Unit', 'Retail', 'Professional Services', 'Research and Development'];
const LOCATIONS: Partial<LocationRecord>[] = [
	{ name: 'Bengaluru', address_line1: '42 MG Road', address_line2: 'Level 5', city: 'Bengaluru', state: 'Karnataka', country: 'India', postal_code: '560001' },
	{ name: 'New York', address_line1: '350 Fifth Avenue', address_line2: 'Suite 4100', city: 'New York', state: 'NY', country: 'United States', postal_code: '10118' },
	{ name: 'London', address_line1: '1 Canada Square', address_line2: null, city: 'London', state: 'England', country: 'United Kingdom', postal_code: 'E14 5AB' },
	{ name: 'Austin', address_line1: '500 W 2nd St', address_line2: 'Floor 19', city: 'Austin', state: 'TX', country: 'United States', postal_code: '78701' },
	{ name: 'Berlin', address_line1: 'Friedrichstrasse 68', address_line2: null, city: 'Berlin', state: 'Berlin', country: 'Germany', postal_code: '10117' },
	{ name: 'Remote', address_line1: null, address_line2: null, city: null, state: null, country: null, postal_code: null },
];
const JOB_TITLES: [string, string | null, string | null][] = [
	['Software Engineer', 'Builds and maintains product features.', 'Design, code, review, test.'],
	['Senior Software Engineer', 'Leads technical work on a team.', 'Architecture, mentoring, delivery.'],
	['Engineering Manager', 'Manages an engineering team.', 'Hiring, planning, people growth.'],
	['Product Manager', 'Owns a product area.', 'Roadmap, discovery, prioritisation.'],
	['Product Designer', 'Designs user experiences.', null],
	['Sales Executive', 'Closes new business.', 'Prospecting, demos, negotiation.'],
	['Account Manager', 'Looks after existing customers.', 'Renewals, upsell, relationships.'],
	['Marketing Specialist', null, null],
	['Support Specialist', 'Helps customers succeed.', 'Tickets, calls, knowledge base.'],
	['Accountant', 'Keeps the books.', 'Ledger, payroll, audits.'],
	['HR Business Partner', 'Partners with leaders on people topics.', 'Performance cycles, policy, coaching.'],
	['Operations Analyst', 'Improves how work gets done.', 'Reporting, process, tooling.'],
];
const PERMISSIONS: Omit<PermissionRecord, 'id'>[] = [
	{ name: 'Site Administrator', is_admin: true, description: 'Holds every permission. Given to the organisation admin.', is_editable: false, default: false },
	{ name: 'Manage Users', is_admin: null, description: 'Add, edit, deactivate and activate users.', is_editable: true, default: false },
	{ name: 'Manage Departments', is_admin: null, description: 'Create and edit departments and businesses.', is_editable: true, default: false },
	{ name: 'Manage Praises', is_admin: null, description: 'Moderate praises and their comments.', is_editable: true, default: false },
	{ name: 'Manage Learning', is_admin: null, description: 'Author courses and assign learning.', is_editable: true, default: false },
	{ name: 'View Reports', is_admin: null, description: 'See organisation-wide reports.', is_editable: true, default: true },
	{ name: 'Manage Goals', is_admin: null, description: null, is_editable: true, default: false },
	{ name: 'Manage Surveys', is_admin: null, description: 'Create and publish surveys.', is_editable: true, default: false },
];
const BLOCK_REASONS: [string, string, string][] = [
	['involuntary', 'Involuntary', 'Initiated by the business. Example, RIF (Reduction in Force)'],
	['dismissal_with_cause', 'Dismissal with cause', 'Terminated for a documented cause.'],
	['fatigue', 'Fatigue', 'Left citing burnout or workload.'],
	['sabatical', 'Sabbatical', 'On an extended leave of absence.'],
	['not_known', 'Not known', 'The reason was not recorded.'],
];
/**
 * Codes an organisation archived: still listed (`archived: true`, and a user blocked with one
 * before keeps it) but refused on deactivate. Kept apart so the draws above stay the same.
 */
const ARCHIVED_BLOCK_REASONS: [string, string, string][] = [['retirement', 'Retirement', 'Retired from the company.']];
const PRAISE_TAGS = [
	{ code: 'teamwork', label: 'Teamwork' },
	{ code: 'innovation', label: 'Innovation' },
	{ code: 'customer_focus', label: 'Customer Focus' },
	{ code: 'leadership', label: 'Leadership' },
	{ code: 'ownership', label: 'Ownership' },
	{ code: 'excellence', label: 'Excellence' },
];
const escapeHtml = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

const PRAISE_LINES = [
	'Thank you for staying late to get the release out of the door.',
	'Your demo to the customer was outstanding, they signed the next day!',
	"Q&A after the all-hands was the best we've had: thank you!",
	'Great job mentoring the new joiners this quarter.',
	'Huge thanks for untangling the billing migration.',
	'The onboarding guide you wrote saved everyone hours.',
	'You turned a tough support escalation into a happy customer.',
	'Brilliant facilitation of the planning workshop.',
	'Thanks for always being the first to help.',
];

// ---------------------------------------------------------------------------------------------

export function generateOrganisation(options: SeedOptions = {}): OrgData {
	const seed = options.seed ?? 1;
	const userCount = Math.max(1, Math.floor(options.users ?? 250));
	const rng = new Prng(seed);
	const iso = (t: number) => new Date(t).toISOString();
	const daysBefore = (days: number) => SEED_ANCHOR - days * DAY - rng.int(0, DAY - 1);

	const locations: LocationRecord[] = LOCATIONS.map((l, i) => withBlanks(LocationRecordSchema, { id: 3921 + i, ...l }));
	const jobTitles: JobTitleRecord[] = JOB_TITLES.map(([name, description, responsibilities], i) =>
		withBlanks(JobTitleRecordSchema, { id: 11420 + i, name, description, responsibilities }),
	);
	const permissions: PermissionRecord[] = PERMISSIONS.map((p, i) => ({ id: i + 1, ...p }));
	const blockReasonCodes: BlockReasonRecord[] = [
		...BLOCK_REASONS.map(([code, display_text, description]) => ({ code, display_text, description, archived: false })),
		...ARCHIVED_BLOCK_REASONS.map(([code, display_text, description]) => ({ code, display_text, description, archived: true })),
	].map((code) => ({ ...code, source: 'system', created_by: null, updated_at: iso(SEED_ANCHOR - 400 * DAY) }));
	const attributes = generateAttributes(rng);
	const customAttributes = attributes.filter((a) => !a.preset);
	const optionsOf = (key: string) => attributes.find((a) => a.attribute_key === key)?.attribute_options?.map((o) => o.value) ?? [];

	// ---- users: the admin first, then a management tree under them ----------------------------
	const users: UserRecord[] = [];
	const emails = new Set<string>();
	const uniqueEmail = (first: string, last: string) => {
		const base = `${first}.${last}`.toLowerCase();
		let email = `${base}@${EMAIL_DOMAIN}`;
		for (let n = 2; emails.has(email); n++) email = `${base}${n}@${EMAIL_DOMAIN}`;
		emails.add(email);
		return email;
	};
	const phoneNumber = (digitsOnly: boolean, exchange: number, line: number) =>
		digitsOnly ? `1555${exchange}${line}` : `+1-555-${exchange}-${line}`;
	for (let i = 0; i < userCount; i++) {
		const isAdmin = i === 0;
		const first = isAdmin ? 'Avery' : rng.pick(FIRST_NAMES);
		const last = isAdmin ? 'Stone' : rng.pick(LAST_NAMES);
		// Managers come from earlier users, skewed towards the top, so the tree stays shallow.
		const manager = isAdmin ? null : users[Math.floor(rng.next() * rng.next() * i)].id;
		const blocked = !isAdmin && rng.bool(0.06);
		const custom: Record<string, CustomValue> = {};
		for (const attr of customAttributes) {
			const value = seedCustomValue(rng, attr);
			if (value !== undefined) custom[attr.attribute_key] = value;
		}
		users.push({
			id: rng.uuid(),
			first_name: first,
			middle_name: rng.bool(0.15) ? rng.pick(MIDDLE_NAMES) : null,
			last_name: last,
			email: uniqueEmail(first, last),
			employee_id: rng.bool(0.95) ? `E${String(i + 1).padStart(5, '0')}` : null,
			status: blocked ? 'Blocked' : 'Active',
			block_reason_code: blocked && rng.bool(0.8) ? rng.pick(BLOCK_REASONS)[0] : null,
			user_blocked_at: blocked ? iso(daysBefore(rng.int(1, 300))) : null,
			title: rng.bool(0.5) ? rng.pick(optionsOf('title')) : null,
			gender: rng.bool(0.7) ? rng.pick(optionsOf('gender')) : null,
			employee_type: rng.bool(0.8) ? rng.pick(optionsOf('employee_type')) : null,
			birth_date: rng.bool(0.8) ? iso(Date.UTC(rng.int(1962, 2003), rng.int(0, 11), rng.int(1, 28))).slice(0, 10) : null,
			joining_date: isAdmin ? iso(Date.UTC(2015, 0, 5)) : rng.bool(0.9) ? iso(Date.UTC(rng.int(2014, 2025), rng.int(0, 11), rng.int(1, 28))) : null,
			promotion_date: rng.bool(0.2) ? iso(SEED_ANCHOR + rng.int(10, 300) * DAY - (SEED_ANCHOR % DAY)) : null,
			review_date: rng.bool(0.3) ? iso(SEED_ANCHOR + rng.int(10, 200) * DAY - (SEED_ANCHOR % DAY)) : null,
			last_active_date: blocked ? null : rng.bool(0.85) ? iso(daysBefore(rng.int(0, 30))) : null,
			// Every third one digits only, so the contract's "string or number" shows (render.ts).
			phone_number: rng.bool(0.8) ? phoneNumber(i % 3 === 1, rng.int(100, 999), rng.int(1000, 9999)) : null,
			secondary_phone_number: rng.bool(0.2) ? `+1-555-${String(rng.int(100, 999))}-${String(rng.int(1000, 9999))}` : null,
			level: rng.bool(0.7) ? `L${rng.int(1, 7)}` : null,
			education: rng.bool(0.5) ? rng.pick(['B.Tech', 'B.Sc, MBA', 'M.Sc', 'BA', 'PhD', 'B.Com']) : null,
			about_me: rng.bool(0.3) ? rng.pick(['Coffee first.', 'Runner and reader.', 'Ask me about Kubernetes.', 'Happy to help!']) : null,
			location_id: rng.bool(0.9) ? rng.pick(locations).id : null,
			job_title_id: rng.bool(0.9) ? rng.pick(jobTitles).id : null,
			manager_id: manager,
			hr_manager_ids: [],
			secondary_manager_ids: [],
			custom,
			picture: rng.bool(0.5) ? 0 : null,
		});
	}
	const admin = users[0];
	// Blocked before its code was archived: the first blocked user the draws gave no reason.
	const blockedLongAgo = users.find((u) => u.status === 'Blocked' && u.block_reason_code === null);
	if (blockedLongAgo) blockedLongAgo.block_reason_code = ARCHIVED_BLOCK_REASONS[0][0];
	for (const user of users.slice(1)) {
		if (rng.bool(0.2)) user.hr_manager_ids = [users[rng.int(0, Math.min(users.length - 1, 20))].id].filter((id) => id !== user.id);
		if (rng.bool(0.1)) user.secondary_manager_ids = [users[rng.int(0, Math.min(users.length - 1, 40))].id].filter((id) => id !== user.id && id !== user.manager_id);
	}

	// ---- departments and businesses: membership lives on the unit ------------------------------
	const departments: OrgUnitRecord[] = DEPARTMENTS.map((name) => ({ id: rng.uuid(), name, members: new Map() }));
	const businesses: OrgUnitRecord[] = BUSINESSES.map((name) => ({ id: rng.uuid(), name, members: new Map() }));
	for (const user of users) {
		const home = rng.pick(departments);
		home.members.set(user.id, false);
		if (rng.bool(0.15)) rng.pick(departments).members.set(user.id, false);
		if (user === admin || rng.bool(0.85)) rng.pick(businesses).members.set(user.id, false);
	}
	departments[0].members.set(admin.id, true);
	for (const unit of [...departments, ...businesses]) {
		// The first one or two members administer the unit.
		const firstMembers = [...unit.members.keys()].slice(0, rng.int(1, 2));
		for (const id of firstMembers) unit.members.set(id, true);
	}

	// ---- permissions: the admin holds Site Administrator; a few managers hold others ----------
	const userPermissions = new Map<string, Set<number>>();
	userPermissions.set(admin.id, new Set([1]));
	for (const user of users.slice(1, 1 + Math.min(users.length - 1, 15))) {
		userPermissions.set(user.id, new Set(rng.sample([2, 3, 4, 5, 6, 7, 8], rng.int(1, 3)).sort((a, b) => a - b)));
	}

	const active = users.filter((u) => u.status === 'Active');
	const praises = generatePraises(rng, active, departments);
	const { learningResources, learnerRows } = generateLearning(rng, active, admin);
	const certificates = generateCertificates(rng, users);

	return {
		seed,
		adminId: admin.id,
		users,
		departments,
		businesses,
		locations,
		jobTitles,
		permissions,
		userPermissions,
		attributes,
		blockReasonCodes,
		praises,
		learningResources,
		learnerRows,
		certificates,
	};
}

function generateAttributes(rng: Prng): AttributeRecord[] {
	let optionId = 301;
	const options = (values: string[]): AttributeOption[] => values.map((value) => ({ id: optionId++, value }));
	const system: [string, string, DataType, boolean, string[] | null][] = [
		['Title', 'title', 'single-select', false, ['Mr.', 'Ms.', 'Mrs.', 'Dr.', 'Mx.']],
		['First Name', 'first_name', 'text', true, null],
		['Middle Name', 'middle_name', 'text', false, null],
		['Last Name', 'last_name', 'text', true, null],
		['Email', 'email', 'text', true, null],
		['Employee ID', 'employee_id', 'text', false, null],
		['Gender', 'gender', 'single-select', false, ['Male', 'Female', 'Non-binary', 'Prefer not to say']],
		['Birth Date', 'birth_date', 'date', false, null],
		['Joining Date', 'joining_date', 'date', false, null],
		['Phone Number', 'phone_number', 'text', false, null],
		['Secondary Phone Number', 'secondary_phone_number', 'text', false, null],
		// Units, places and people are picked by id, not from options: their option lists are empty.
		['Departments', 'departments', 'multiple-select', false, []],
		['Business Units', 'business_units', 'multiple-select', false, []],
		['Location', 'location', 'single-select', false, []],
		['Job Title', 'job_title', 'single-select', false, []],
		['Manager', 'manager_id', 'text', false, null],
		['HR Managers', 'hr_managers', 'multiple-select', false, []],
		['Secondary Managers', 'secondary_managers', 'multiple-select', false, []],
		['Employee Type', 'employee_type', 'single-select', false, ['Full-time', 'Part-time', 'Contractor', 'Intern']],
		['Level', 'level', 'text', false, null],
		['Education', 'education', 'text', false, null],
		['Promotion Date', 'promotion_date', 'date', false, null],
		['Review Date', 'review_date', 'date', false, null],
	];
	const custom: [string, DataType, boolean, string[] | null][] = [
		['Cost Center', 'text', true, null],
		['Years of Experience', 'number', false, null],
		['Last Appraisal Date', 'date', false, null],
		['Remote Worker', 'boolean', false, null],
		['Performance Rating', 'single-select', false, ['Exceeds Expectations', 'Meets Expectations', 'Needs Improvement']],
		['Languages', 'multiple-select', false, ['English', 'Spanish', 'French', 'German', 'Hindi', 'Kannada', 'Japanese']],
		['T-Shirt Size', 'single-select', false, ['XS', 'S', 'M', 'L', 'XL']],
		['Desk Number', 'text', false, null],
	];
	const keys = new Set<string>();
	const customKey = () => {
		let key = `custom-attribute-${rng.hex(5)}`;
		while (keys.has(key)) key = `custom-attribute-${rng.hex(5)}`;
		keys.add(key);
		return key;
	};
	return [
		...system.map(([name, attribute_key, data_type, mandatory, values], i) => ({
			id: i + 1,
			name,
			attribute_key,
			preset: true,
			mandatory,
			data_type,
			attribute_options: values === null ? null : options(values),
		})),
		...custom.map(([name, data_type, mandatory, values], i) => ({
			id: 101 + i,
			name,
			attribute_key: customKey(),
			preset: false,
			mandatory,
			data_type,
			attribute_options: values === null ? null : options(values),
		})),
	];
}

function seedCustomValue(rng: Prng, attr: AttributeRecord): CustomValue | undefined {
	if (!attr.mandatory && rng.bool(0.3)) return undefined;
	const values = attr.attribute_options?.map((o) => o.value) ?? [];
	switch (attr.data_type) {
		case 'text':
			return attr.mandatory ? `CC-${rng.int(100, 140)}` : `${rng.pick(['A', 'B', 'C'])}-${rng.int(1, 4)}${String(rng.int(1, 40)).padStart(2, '0')}`;
		case 'number':
			return rng.bool(0.7) ? rng.int(0, 30) : rng.int(0, 300) / 10;
		case 'date':
			return new Date(Date.UTC(rng.int(2022, 2026), rng.int(0, 5), rng.int(1, 28))).toISOString().slice(0, 10);
		case 'boolean':
			return rng.bool();
		case 'single-select':
			return values.length > 0 ? rng.pick(values) : undefined;
		case 'multiple-select':
			return values.length > 0 ? rng.sample(values, rng.int(1, 3)) : undefined;
	}
}

function generatePraises(rng: Prng, active: UserRecord[], departments: OrgUnitRecord[]): PraiseRecord[] {
	const praises: PraiseRecord[] = [];
	let at = SEED_ANCHOR - 180 * DAY;
	for (let i = 0; i < 60; i++) {
		// Every seventh praise shares its timestamp with the previous one: id breaks the tie.
		if (i % 7 !== 6) at += rng.int(1, 5) * DAY + rng.int(0, DAY / 2);
		const author = rng.pick(active);
		const recognized = rng.sample(active.filter((u) => u.id !== author.id), rng.int(1, 3));
		const edited = rng.bool(0.2);
		const praise: PraiseRecord = {
			id: 107700 + i,
			activity_date: new Date(at).toISOString(),
			last_updated_at: new Date(edited ? at + rng.int(1, 48) * 3_600_000 : at).toISOString(),
			title: rng.bool(0.3) ? rng.pick(['Shout-out', 'Above and beyond', 'Team win', 'Thank you!']) : null,
			// HTML, as Engagedly's editor saves it: mentions as spans, text with entities.
			content: `<p>${recognized.map((u) => `<span class="mention" data-id="${u.id}">@${u.first_name}</span>`).join(' ')} ${escapeHtml(rng.pick(PRAISE_LINES))}</p>`,
			// The second-oldest is pinned whatever the draw: every suite reading praises meets an old pin.
			pinned: rng.bool(0.05) || i === 1,
			author_id: author.id,
			tags: rng.bool(0.1) ? undefined : rng.sample(PRAISE_TAGS, rng.int(0, 3)),
			audience: rng.sample(departments, rng.int(0, 2)).map((d) => ({ id: d.id, name: d.name, type: 'Group' })),
			recognized_ids: recognized.map((u) => u.id),
			links: [],
			attachments: [],
			comment_count: rng.int(0, 6),
			like_count: rng.int(0, 25),
			liked_by_admin: rng.bool(0.3),
		};
		praises.push(praise);
	}
	return praises;
}

const COURSE_TITLES = [
	'Workplace Safety Fundamentals', 'Data Privacy Essentials', 'Giving Effective Feedback', 'Leading Remote Teams',
	'Negotiation Skills', 'Introduction to SQL', 'Customer Empathy', 'Time Management Mastery',
	'Anti-Harassment Training', 'Public Speaking Basics', 'Advanced Excel', 'Agile Foundations',
	'Conflict Resolution', 'Financial Literacy for Managers', 'Secure Coding Practices', 'Design Thinking',
	'Coaching Conversations', 'Sales Discovery Calls', 'Writing for the Web', 'Inclusive Hiring',
	'Cloud Cost Basics', 'Onboarding: Your First Week', 'Handling Difficult Customers', 'Stress and Resilience',
];
const PLAYLIST_TITLES = ['New Manager Path', 'Compliance Bundle 2026', 'Engineering Onboarding', 'Sales Bootcamp', 'Wellbeing Collection', 'Leadership Essentials'];
const CATEGORIES = [
	{ id: 5, title: 'Compliance' },
	{ id: 6, title: 'Leadership' },
	{ id: 7, title: 'Technical' },
	{ id: 8, title: 'Soft Skills' },
	{ id: 9, title: 'Onboarding' },
	{ id: 10, title: 'Sales' },
];
const COMPETENCIES = [
	{ id: 21, name: 'Communication' },
	{ id: 22, name: 'Leadership' },
	{ id: 23, name: 'Problem Solving' },
	{ id: 24, name: 'Technical Excellence' },
	{ id: 25, name: 'Customer Orientation' },
	{ id: 26, name: 'Compliance Awareness' },
];
const SKILLS = [
	{ id: 41, name: 'SQL' },
	{ id: 42, name: 'Presentation' },
	{ id: 43, name: 'Negotiation' },
	{ id: 44, name: 'Risk Management' },
	{ id: 45, name: 'Mentoring' },
];
const LEARNING_TAGS = ['compliance', 'safety', 'leadership', 'onboarding', 'technical', 'sales', 'wellbeing', 'communication'];
const UNIT_TYPES = LearningUnitRecordSchema.shape.type.options;

function generateLearning(rng: Prng, active: UserRecord[], admin: UserRecord): { learningResources: LearningResourceRecord[]; learnerRows: LearnerRow[] } {
	const iso = (t: number) => new Date(t).toISOString();
	const resources: LearningResourceRecord[] = [];
	let sectionId = 4500;
	let unitId = 8900;
	const authors = active.slice(0, Math.min(active.length, 12));
	const initials = (title: string) =>
		title
			.split(/[^A-Za-z]+/)
			.filter(Boolean)
			.map((w) => w[0].toUpperCase())
			.join('')
			.slice(0, 4);

	const base = (id: number, title: string, type: 'Course' | 'Playlist', i: number): LearningResourceRecord => {
		const created = SEED_ANCHOR - rng.int(60, 700) * DAY;
		const updated = created + rng.int(0, 50) * DAY;
		const state: LearningState = i % 11 === 3 ? 'Unpublished' : i % 13 === 5 ? 'UnpublishedEdit' : 'Published';
		const author = rng.bool(0.9) ? rng.pick(authors) : null;
		return {
			id,
			title,
			description: rng.bool(0.8) ? `${title}: a ${type.toLowerCase()} for everyone at Acme.` : null,
			provider: rng.bool(0.7) ? 'engagedly' : rng.pick(['udemy', 'go1', 'linkedin-learning', 'opensesame']),
			archived: i % 10 === 9,
			language: rng.bool(0.75) ? 'en' : rng.pick(['es', 'fr', 'de']),
			duration_seconds: 0,
			short_code: `${initials(title)}-${100 + i}`,
			level: rng.bool(0.9) ? rng.pick(['Beginner', 'Intermediate', 'Advanced']) : null,
			type,
			state,
			in_library: rng.bool(0.7),
			certified: rng.bool(0.4),
			published_on: state === 'Unpublished' ? null : iso(updated),
			average_rating: rng.bool(0.7) ? rng.int(10, 50) / 10 : null,
			tags: rng.sample(LEARNING_TAGS, rng.int(0, 3)),
			competencies: rng.sample(COMPETENCIES, rng.int(0, 2)),
			categories: rng.sample(CATEGORIES, rng.int(1, 2)),
			author_id: author?.id ?? null,
			co_author_ids: rng.bool(0.2) ? rng.sample(authors, 1).map((u) => u.id).filter((id2) => id2 !== author?.id) : [],
			skills: rng.sample(SKILLS, rng.int(0, 2)),
			cover_image: rng.bool(0.6) ? `https://cdn.${EMAIL_DOMAIN}/covers/${id}.png` : null,
			created_at: iso(created),
			updated_at: iso(updated),
			sections: [],
		};
	};

	COURSE_TITLES.forEach((title, i) => {
		const course = base(16500 + i, title, 'Course', i);
		const sectionCount = rng.int(1, 4);
		for (let s = 1; s <= sectionCount; s++) {
			const sectionStatus = s > 1 && rng.bool(0.15) ? 'Unpublished' : 'Published';
			const units = [];
			const unitCount = rng.int(1, 5);
			for (let u = 1; u <= unitCount; u++) {
				const type = rng.pick(UNIT_TYPES);
				const draft = u > 1 && rng.bool(0.15);
				const id = unitId++;
				units.push({
					id,
					title: `${['Introduction', 'Key ideas', 'Practice', 'Case study', 'Checkpoint', 'Wrap-up'][u % 6]} ${s}.${u}`,
					description: `Part ${u} of section ${s}.`,
					type,
					position: u,
					duration: rng.int(5, 45),
					unit_details: unitDetails(type, id, course.title),
					status: draft ? ('Draft' as const) : ('Active' as const),
					content_status: draft ? ('Draft' as const) : ('Active' as const),
					ongoing_edit: rng.bool(0.8) ? null : false,
					mark_for_deletion: false,
					has_impact: rng.bool(0.1),
					completion_watch_threshold_pct: type === 'VideoContent' ? 80 : null,
					completion_time_threshold_pct: type === 'RichText' ? 50 : null,
					completion_require_scroll: type === 'RichText',
					created_at: course.created_at,
					updated_at: course.updated_at,
				});
			}
			course.sections.push({
				id: sectionId++,
				title: s === 1 ? 'Getting Started' : `Module ${s}`,
				description: s === 1 ? 'Introduction to the course.' : `Module ${s} of ${title}.`,
				status: sectionStatus,
				ongoing_edit: false,
				position: s,
				content_status: sectionStatus,
				units,
				resource_ids: [],
			});
		}
		course.duration_seconds = course.sections.reduce((sum, sec) => sum + sec.units.reduce((m, u) => m + u.duration * 60, 0), 0);
		resources.push(course);
	});
	const courses = resources.slice();
	PLAYLIST_TITLES.forEach((title, i) => {
		const playlist = base(16600 + i, title, 'Playlist', COURSE_TITLES.length + i);
		const sectionCount = rng.int(1, 2);
		const picked = rng.sample(courses, rng.int(2, 5));
		const perSection = Math.ceil(picked.length / sectionCount);
		for (let s = 0; s < sectionCount; s++) {
			const section: LearningSectionRecord = {
				id: sectionId++,
				title: sectionCount === 1 ? 'All courses' : `Part ${s + 1}`,
				description: `Courses of ${title}.`,
				status: 'Published',
				ongoing_edit: false,
				position: s + 1,
				content_status: 'Published',
				units: [],
				resource_ids: picked.slice(s * perSection, (s + 1) * perSection).map((c) => c.id),
			};
			playlist.sections.push(section);
		}
		playlist.duration_seconds = picked.reduce((sum, c) => sum + c.duration_seconds, 0);
		resources.push(playlist);
	});

	// ---- learner report: one row per (learner, resource) enrolment -----------------------------
	const learnerRows: LearnerRow[] = [];
	const statuses: CompletionStatus[] = ['Not Started', 'In Progress', 'Completed', 'Completed', 'Failed', 'Evaluation Pending'];
	// Learners are enrolled in what they can see: published, not archived.
	const enrollable = resources.filter((r) => r.state !== 'Unpublished' && !r.archived);
	const taken = new Set<string>();
	const learners = [admin, ...active.filter((u) => u.id !== admin.id)];
	for (let i = 0; learnerRows.length < 100 && i < 1000; i++) {
		const learner = learners[Math.floor(rng.next() * Math.min(learners.length, 60))];
		const resource = rng.pick(enrollable);
		if (taken.has(`${learner.id}:${resource.id}`)) continue;
		taken.add(`${learner.id}:${resource.id}`);
		const status = learnerRows.length < statuses.length ? statuses[learnerRows.length] : rng.pick(statuses);
		const assigned = SEED_ANCHOR - rng.int(10, 200) * DAY;
		const due = rng.bool(0.5) ? assigned + rng.int(7, 60) * DAY : null;
		const completed = status === 'Completed' ? assigned + rng.int(1, 90) * DAY : null;
		const selfAssigned = rng.bool(0.3);
		const progress = status === 'Not Started' ? 0 : status === 'In Progress' ? rng.int(5, 95) : 100;
		const finishedOrNow = completed ?? SEED_ANCHOR;
		learnerRows.push({
			id: 90200 + learnerRows.length,
			learning_resource_id: resource.id,
			learner_id: learner.id,
			assigner_id: selfAssigned ? null : (learner.manager_id ?? admin.id),
			completion_status: status,
			points: status === 'Completed' ? rng.int(1, 10) * 10 : 0,
			completed_on: completed === null ? null : new Date(completed).toISOString(),
			mandatory: rng.bool(0.4),
			progress,
			assigned_on: new Date(assigned).toISOString(),
			overall_time_taken: Math.round((resource.duration_seconds * progress) / 100) + rng.int(0, 600),
			due_date: due === null ? null : new Date(due).toISOString(),
			delay_in_days: due !== null && finishedOrNow > due ? Math.ceil((finishedOrNow - due) / DAY) : null,
			compliance_status: resource.categories.some((c) => c.title === 'Compliance') ? (status === 'Completed' ? 'Compliant' : 'Non-Compliant') : null,
			valid_till: completed !== null && resource.certified ? new Date(completed + 365 * DAY).toISOString() : null,
			is_self_assigned: selfAssigned,
		});
	}
	return { learningResources: resources, learnerRows };
}

function unitDetails(type: string, id: number, courseTitle: string): Record<string, unknown> {
	switch (type) {
		case 'Link':
		case 'LTI':
			return { id, title: courseTitle, description: `External content for ${courseTitle}.`, link_url: `https://lti-provider.example.com/content/${id}` };
		case 'Attachment':
			return { id, file_name: `handout-${id}.pdf`, file_url: `https://cdn.${EMAIL_DOMAIN}/files/handout-${id}.pdf` };
		case 'VideoContent':
			return { id, video_source: 'youtube', video_url: `https://video.example.com/watch?v=${id}` };
		case 'Quiz':
			return { id, pass_percentage: 70, questions_count: 10, attempts_allowed: 3 };
		default:
			return { id };
	}
}

const CERTIFICATES: [string, string | null][] = [
	['AWS Certified Solutions Architect', 'Amazon Web Services'],
	['Project Management Professional', 'PMI'],
	['Certified ScrumMaster', 'Scrum Alliance'],
	['First Aid at Work', 'Red Cross'],
	['ISO 27001 Lead Auditor', 'BSI'],
	['Google Analytics Certification', 'Google'],
	['Workplace Safety Fundamentals', 'Engagedly'],
	['Internal Mentor Programme', null],
];

function generateCertificates(rng: Prng, users: UserRecord[]): CertificateRecord[] {
	const certificates: CertificateRecord[] = [];
	const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
	const holders = [users[0], ...rng.sample(users.slice(1), Math.min(users.length - 1, 12))];
	holders.forEach((user, h) => {
		// The admin gets one of each kind: expired, still valid, never expiring.
		const kinds: ('expired' | 'active' | 'lifetime')[] = h === 0 ? ['expired', 'active', 'lifetime'] : [rng.pick(['expired', 'active', 'lifetime'] as const)];
		if (h !== 0 && rng.bool(0.5)) kinds.push(rng.pick(['expired', 'active', 'lifetime'] as const));
		for (const kind of kinds) {
			const id = 501 + certificates.length;
			const [certificate_name, certificate_authority] = rng.pick(CERTIFICATES);
			const startYear = kind === 'expired' ? rng.int(2019, 2021) : rng.int(2023, 2026);
			const start = day(startYear, rng.int(0, 5), rng.int(1, 28));
			const end = kind === 'lifetime' ? null : day(startYear + (kind === 'expired' ? rng.int(1, 3) : rng.int(5, 7)), rng.int(0, 11), rng.int(1, 28));
			const hasFile = rng.bool(0.75);
			const slug = certificate_name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
			const ext = rng.pick(['pdf', 'png', 'jpg']);
			certificates.push({
				id,
				user_id: user.id,
				certificate_name,
				can_expire: kind !== 'lifetime',
				certificate_authority,
				start_date: start,
				end_date: end,
				file: hasFile ? `${slug}.${ext}` : null,
				file_extension: hasFile ? ext : null,
				name: hasFile ? `${slug}.${ext}` : null,
				url: hasFile ? `https://files.${EMAIL_DOMAIN}/certificates/${id}/${slug}.${ext}` : null,
			});
		}
	});
	return certificates;
}
