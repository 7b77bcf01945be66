/**
 * Each record kind the simulator holds, written once, from Engagedly's API contract
 * (docs/engagedly-api.md): the store's types are `z.infer` of these, the routes read
 * the writable fields and render the answers from them, and the contract's response schemas
 * (test/schemas/engagedly.ts) are derived from them with `.pick`, `.extend` and `.omit`.
 *
 * A stored record holds its fields as the contract renders them wherever the two agree (blank
 * is `null`, timestamps ISO UTC), so a field added here reaches the store, the answers and the
 * schemas at once. Where the service keeps something else (references by id, members as a map,
 * counts), the kind says so and the rendering or the schema adds the rendered form.
 *
 * Adding a field to a kind: add it to its object below (and, for users, to the write lists);
 * the operation that sends it is the only other change.
 */
import { z } from 'zod';

// ---- Scalars (docs/engagedly-api.md, "General conventions") ------------------------------------

/** ISO 8601 timestamp in UTC, e.g. `2024-01-15T10:00:00.000Z` (no local offsets). */
export const IsoUtcTimestamp = z.string().datetime({ offset: false });

export const Uuid = z.string().uuid();
/** Blank values are rendered as `null`, never as "". */
export const NonBlank = z.string().min(1);
export const NullableText = NonBlank.nullable();
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const Url = z.string().url();
const Int = z.number().int();

// ---- Users ---------------------------------------------------------------------------------------

export const UserStatus = z.enum(['Active', 'Blocked']);
export const CustomValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const UserRecordSchema = z.object({
	id: Uuid,
	first_name: NonBlank,
	middle_name: NullableText,
	last_name: NonBlank,
	email: z.string().email(),
	employee_id: NullableText,
	status: UserStatus,
	block_reason_code: NullableText,
	/** Kept when an already blocked user is deactivated again. */
	user_blocked_at: IsoUtcTimestamp.nullable(),
	title: NullableText,
	gender: NullableText,
	employee_type: NullableText,
	/** Rendered `DD-MM-YYYY` as `birthdate`. */
	birth_date: IsoDate.nullable(),
	joining_date: IsoUtcTimestamp.nullable(),
	promotion_date: IsoUtcTimestamp.nullable(),
	review_date: IsoUtcTimestamp.nullable(),
	last_active_date: IsoUtcTimestamp.nullable(),
	phone_number: NullableText,
	secondary_phone_number: NullableText,
	level: NullableText,
	education: NullableText,
	about_me: NullableText,
	location_id: Int.nullable(),
	job_title_id: Int.nullable(),
	manager_id: Uuid.nullable(),
	hr_manager_ids: z.array(Uuid),
	secondary_manager_ids: z.array(Uuid),
	/** Custom attribute values by attribute_key, typed (rendered as strings). */
	custom: z.record(z.string(), CustomValue),
	/** Profile picture: null = none; 0 = the seeded one (a built-in image); n > 0 = the n-th upload. */
	picture: Int.nullable(),
});

/**
 * Stored fields every rendering of a user carries as they are (list element, single, embeds).
 * `title` and `gender` are written (system attributes) but the contract's User never shows them:
 * only the vendor profile renders them (USER_VENDOR_ONLY), as the vendor's User schema has them.
 */
export const USER_LISTED = [
	'id',
	'first_name',
	'middle_name',
	'last_name',
	'email',
	'status',
	'employee_id',
	'block_reason_code',
	'user_blocked_at',
	'last_active_date',
	'joining_date',
	'phone_number',
	'level',
] as const;

/** Stored fields only the vendor's User shows (every rendering of a user, as its schema lists them). */
export const USER_VENDOR_ONLY = ['title', 'gender'] as const;

/**
 * Stored fields the single user adds as they are. (Its other single-only fields, memberships,
 * `employee_type` and `birthdate`, are in render.ts's renderSingleUserOnly: the vendor's list
 * carries those four too.)
 */
export const USER_DETAIL = ['education', 'about_me', 'secondary_phone_number', 'promotion_date', 'review_date'] as const;

/** Text fields of the user write body (all optional unless a mandatory attribute). */
export const USER_TEXT_FIELDS = [
	'first_name',
	'middle_name',
	'last_name',
	'email',
	'employee_id',
	'level',
	'phone_number',
	'secondary_phone_number',
	'education',
	'about_me',
	'title',
	'gender',
	'employee_type',
] as const;
/** Timestamp fields of the user write body (a date is taken and stored as midnight UTC). */
export const USER_TIMESTAMP_FIELDS = ['joining_date', 'promotion_date', 'review_date'] as const;

// ---- Departments and businesses: one shape, members held by the unit -----------------------------

/** The unit's own fields; `members` (userId → is_admin, in the order added) is the store's. */
export const OrgUnitFieldsSchema = z.object({
	id: Uuid,
	name: NonBlank,
});
export const OrgUnitRecordSchema = OrgUnitFieldsSchema.extend({ members: z.map(Uuid, z.boolean()) });

// ---- Locations and job titles: flat records, every field but the id written whole ----------------

export const LocationRecordSchema = z.object({
	id: Int,
	name: NonBlank,
	address_line1: NullableText,
	address_line2: NullableText,
	city: NullableText,
	state: NullableText,
	country: NullableText,
	postal_code: NullableText,
});

export const JobTitleRecordSchema = z.object({
	id: Int,
	name: NonBlank,
	description: NullableText,
	responsibilities: NullableText,
});

/**
 * A seeded record with every field its shape has: what the seed does not give is blank (null),
 * so a field added to the shape is in every seeded record's answers without touching the seed.
 */
export function withBlanks<T extends z.AnyZodObject>(schema: T, given: Partial<z.infer<T>>): z.infer<T> {
	const blanks = Object.fromEntries(writableFields(schema).fields.map((field) => [field, null]));
	return { ...blanks, ...given } as z.infer<T>;
}

/**
 * The fields a write of a flat record (or a unit) takes, and which of them may not be blank:
 * read from the shape, so a new field is accepted, required or not, without another list.
 */
export function writableFields(schema: z.AnyZodObject): { fields: string[]; required: string[] } {
	const fields = Object.keys(schema.shape).filter((key) => key !== 'id' && key !== 'members');
	return { fields, required: fields.filter((key) => !(schema.shape[key] as z.ZodTypeAny).isNullable()) };
}

// ---- Permissions, attributes, block reasons ------------------------------------------------------

export const PermissionRecordSchema = z.object({
	id: Int,
	name: NonBlank,
	is_admin: z.boolean().nullable(),
	description: NullableText,
	is_editable: z.boolean(),
	default: z.boolean(),
});

export const DataType = z.enum(['text', 'number', 'date', 'boolean', 'single-select', 'multiple-select']);
export const AttributeOptionSchema = z.object({ id: Int, value: NonBlank }).strict();

export const AttributeRecordSchema = z.object({
	id: Int,
	name: NonBlank,
	attribute_key: NonBlank,
	preset: z.boolean(),
	mandatory: z.boolean(),
	data_type: DataType,
	attribute_options: z.array(AttributeOptionSchema).nullable(),
});

export const BlockReasonRecordSchema = z.object({
	code: z.string().regex(/^[a-z][a-z0-9_]*$/),
	display_text: NonBlank,
	description: NonBlank,
	source: NonBlank,
	archived: z.boolean(),
	created_by: NullableText,
	updated_at: IsoUtcTimestamp,
});

// ---- Praise: people held by id, counts held flat; rendered into actors and details ---------------

export const PraiseTagSchema = z.object({ code: NonBlank, label: NonBlank }).strict();

export const PraiseRecordSchema = z.object({
	id: Int,
	activity_date: IsoUtcTimestamp,
	last_updated_at: IsoUtcTimestamp,
	title: NullableText,
	content: NonBlank,
	pinned: z.boolean(),
	author_id: Uuid,
	/** Undefined = the key is absent from the response ("may be absent"). */
	tags: z.array(PraiseTagSchema).optional(),
	/** Snapshot of the groups at posting time: a later rename does not rewrite old posts. */
	audience: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })),
	recognized_ids: z.array(Uuid),
	links: z.array(z.unknown()),
	attachments: z.array(z.unknown()),
	comment_count: Int,
	like_count: Int,
	liked_by_admin: z.boolean(),
});

/** The praise fields rendered as they are stored. */
export const PRAISE_AS_STORED = ['id', 'activity_date', 'last_updated_at', 'title', 'content', 'pinned'] as const;

// ---- Learning (the contract says "not shown": shapes from the vendor's OpenAPI file) -------------

/** A unit of a course section, rendered as it is stored (the learner sees active ones only). */
export const LearningUnitRecordSchema = z.object({
	id: Int,
	title: NonBlank,
	description: z.string(), // the vendor sample has "" here
	type: z.enum(['Attachment', 'RichText', 'Link', 'Quiz', 'SurveyStep', 'VideoContent', 'InstructorTraining', 'SCORM', 'AICC', 'LTI']),
	position: Int.min(1),
	/** Minutes. */
	duration: Int.min(0),
	unit_details: z.record(z.unknown()),
	status: z.enum(['Active', 'Draft']),
	content_status: z.enum(['Active', 'Draft', 'UnpublishedEdit', 'MarkedForDeletion']),
	ongoing_edit: z.boolean().nullable(),
	mark_for_deletion: z.boolean(),
	has_impact: z.boolean(),
	completion_watch_threshold_pct: Int.nullable(),
	completion_time_threshold_pct: Int.nullable(),
	completion_require_scroll: z.boolean(),
	created_at: IsoUtcTimestamp,
	updated_at: IsoUtcTimestamp,
});

export const LearningSectionFieldsSchema = z.object({
	id: Int,
	title: NonBlank,
	description: z.string(),
	status: NonBlank,
	ongoing_edit: z.boolean(),
	position: Int.min(1),
	content_status: z.enum(['Published', 'Unpublished', 'UnpublishedEdit', 'MarkedForDeletion']),
});
export const LearningSectionRecordSchema = LearningSectionFieldsSchema.extend({
	/** Courses: units. */
	units: z.array(LearningUnitRecordSchema),
	/** Playlists: ids of the nested resources. */
	resource_ids: z.array(Int),
});

export const LearningType = z.enum(['Course', 'Playlist', 'Section']);
export const LearningState = z.enum(['Published', 'Unpublished', 'UnpublishedEdit']);
const IdName = z.object({ id: Int, name: z.string() });

export const LearningResourceRecordSchema = z.object({
	id: Int,
	title: NonBlank,
	description: NullableText,
	provider: NonBlank,
	archived: z.boolean(),
	language: NonBlank,
	/** Seconds; rendered `HH:MM:SS` as `duration`. */
	duration_seconds: Int.min(0),
	short_code: NonBlank,
	level: NullableText,
	type: LearningType,
	state: LearningState,
	in_library: z.boolean(),
	certified: z.boolean(),
	published_on: IsoUtcTimestamp.nullable(),
	average_rating: z.number().nullable(),
	tags: z.array(NonBlank),
	competencies: z.array(IdName),
	categories: z.array(z.object({ id: Int, title: NonBlank }).strict()),
	author_id: Uuid.nullable(),
	co_author_ids: z.array(Uuid),
	skills: z.array(IdName),
	cover_image: Url.nullable(),
	created_at: IsoUtcTimestamp,
	updated_at: IsoUtcTimestamp,
	sections: z.array(LearningSectionRecordSchema),
});

/** The resource fields rendered as they are stored. */
export const RESOURCE_AS_STORED = [
	'id',
	'title',
	'description',
	'provider',
	'archived',
	'language',
	'short_code',
	'level',
	'type',
	'state',
	'in_library',
	'published_on',
	'average_rating',
	'cover_image',
	'created_at',
	'updated_at',
] as const;

export const CompletionStatus = z.enum(['Not Started', 'In Progress', 'Completed', 'Failed', 'Evaluation Pending']);

export const LearnerRowSchema = z.object({
	id: Int,
	learning_resource_id: Int,
	learner_id: Uuid,
	assigner_id: Uuid.nullable(),
	completion_status: CompletionStatus,
	points: Int,
	completed_on: IsoUtcTimestamp.nullable(),
	mandatory: z.boolean(),
	progress: Int.min(0).max(100),
	assigned_on: IsoUtcTimestamp,
	overall_time_taken: z.number().min(0),
	due_date: IsoUtcTimestamp.nullable(),
	delay_in_days: Int.nullable(),
	compliance_status: NullableText,
	valid_till: IsoUtcTimestamp.nullable(),
	is_self_assigned: z.boolean(),
});

/** The report row fields rendered as they are stored. */
export const LEARNER_ROW_AS_STORED = [
	'id',
	'completion_status',
	'points',
	'completed_on',
	'mandatory',
	'progress',
	'assigned_on',
	'overall_time_taken',
	'due_date',
	'delay_in_days',
	'compliance_status',
	'valid_till',
	'is_self_assigned',
] as const;

// ---- Certificates (docs/engagedly-api.md, "Certificates") --------------------------------------

/** The certificate as rendered; whose it is (`user_id`) is the store's, not part of the record. */
export const CertificateFieldsSchema = z.object({
	id: Int,
	certificate_name: NonBlank,
	can_expire: z.boolean(),
	certificate_authority: NullableText,
	start_date: IsoDate.nullable(),
	end_date: IsoDate.nullable(),
	file: NullableText,
	file_extension: NullableText,
	name: NullableText,
	url: Url.nullable(),
});
export const CertificateRecordSchema = CertificateFieldsSchema.extend({ user_id: Uuid });

/** `{a: true, b: true}` for zod's `.pick`/`.omit` from a list of keys. */
export const maskOf = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, true])) as { [P in K]: true };

/** The keys of `schema`, for rendering exactly the fields a shape declares. */
export const keysOf = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => Object.keys(schema.shape) as (keyof T & string)[];

/** A copy of `record` with the `keys` given, arrays and plain objects copied one level down. */
export function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
	const out = {} as Pick<T, K>;
	for (const key of keys) {
		const value = record[key];
		out[key] = (Array.isArray(value) ? [...value] : value !== null && typeof value === 'object' ? { ...value } : value) as T[K];
	}
	return out;
}
