/**
 * Zod schemas of the Engagedly `/beta` API: every resource, every envelope and every error body.
 *
 * Written from the contract, not from any implementation; the records' own fields come from
 * test/simulator/records.ts (the one definition of each record kind, also written from the
 * contract), and what is particular to an answer (envelopes, rendered references, counts, the
 * forms the OpenAPI file adds) is declared here on top of them:
 *   - Engagedly's API contract as docs/engagedly-api.md gives it (primary), with the details the
 *     vendor's OpenAPI file settles and certificates,
 *   - the vendor's OpenAPI file, test/schemas/engagedly-openapi.yaml (for what the contract marks
 *     "not shown").
 *
 * Conventions enforced everywhere (docs/engagedly-api.md, "General conventions"):
 *   - A blank field comes back as `null`, never left out; a blank list as `[]`.
 *     So documented keys are required (never `.optional()` unless the spec says the key is only
 *     present in some responses), nullable strings must be non-empty when present, and arrays
 *     are never null.
 *   - Timestamps are ISO 8601 in UTC -> `IsoUtcTimestamp` (ends in `Z`, no offsets).
 *   - Ids: users, departments and businesses are UUID strings; locations, job titles and
 *     permissions are numbers in some responses and strings in others (docs/engagedly-api.md,
 *     "Where the contract and the vendor's OpenAPI disagree"), so `FlexibleId` accepts both.
 *   - `.strict()` wherever the spec fixes the key set. Where the OpenAPI file lists extra keys
 *     the contract does not mention, they are declared `.optional()` so the object stays strict
 *     (an undocumented key is still an error) while both documents are honoured.
 */
import { z } from 'zod';

import * as records from '../simulator/records';
import { IsoDate, IsoUtcTimestamp, maskOf, NonBlank, NullableText, Url, Uuid } from '../simulator/records';

export { IsoDate, IsoUtcTimestamp, NonBlank, NullableText, Url, Uuid };

// Scalars

/** Id of a location, job title or permission: an integer or a string of digits. */
export const FlexibleId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);

/** An integer rendered as a string of digits (counts in list responses of org units). */
export const DigitString = z.string().regex(/^\d+$/);

/** `MMM DD, YYYY`, e.g. `Jan 02, 2022` */
export const LongDate = z
	.string()
	.regex(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4}$/);

/** `DD-MM-YYYY`: the user `birthdate` output ("day-month-year order with hyphens"). */
export const DayMonthYear = z.string().regex(/^\d{2}-\d{2}-\d{4}$/);

// Pagination and envelopes

export const PaginationSchema = z
	.object({
		page: z.number().int().min(1),
		size: z.number().int().min(1).max(50),
		has_more: z.boolean(),
		total_records: z.number().int().min(0),
	})
	.strict();

/** `{success: true, pagination, data: [...]}`: every paginated list except learner reports. */
export const listEnvelope = <T extends z.ZodTypeAny>(item: T) =>
	z
		.object({
			success: z.literal(true),
			pagination: PaginationSchema,
			data: z.array(item),
		})
		.strict();

/** `{success: true, data: {...}}`: single resource (read, create, update). */
export const singleEnvelope = <T extends z.ZodTypeAny>(item: T) =>
	z
		.object({
			success: z.literal(true),
			data: item,
		})
		.strict();

/** `{success: true, data: [...]}`: a collection that is not paginated (user attributes, a user's permissions, resource contents). */
export const arrayEnvelope = <T extends z.ZodTypeAny>(item: T) =>
	z
		.object({
			success: z.literal(true),
			data: z.array(item),
		})
		.strict();

/** `{success: true}` alone: the profile picture upload. */
export const SuccessOnlyEnvelopeSchema = z.object({ success: z.literal(true) }).strict();

// Errors

export const ErrorTypeSchema = z.enum([
	'api_connection_error',
	'authentication_error',
	'invalid_request_error',
	'validation_error',
]);

export const ErrorEntrySchema = z
	.object({
		field: z.string(),
		message: NonBlank,
		code: NonBlank,
	})
	.strict();

export const ErrorBodySchema = z
	.object({
		error_type: ErrorTypeSchema,
		errors: z.array(ErrorEntrySchema),
	})
	.strict();

/**
 * The other shapes an error may take: the contract promises the one above for "most" errors only.
 * `errors` as one text, as a list of texts, as an object of lists keyed by field
 * (`{email: ["..."]}`), or a body with a `message` only.
 */
export const ErrorOneTextSchema = z.object({ error_type: ErrorTypeSchema, errors: NonBlank }).strict();
export const ErrorListOfTextsSchema = z.object({ error_type: ErrorTypeSchema, errors: z.array(NonBlank).nonempty() }).strict();
export const ErrorObjectOfListsSchema = z
	.object({ error_type: ErrorTypeSchema, errors: z.record(z.string(), z.array(NonBlank).nonempty()) })
	.strict();
export const ErrorMessageOnlySchema = z.object({ message: NonBlank }).strict();

export const RateLimitErrorSchema = z
	.object({
		error_type: z.literal('rate_limit_exceeded'),
		message: NonBlank,
	})
	.strict();

// Shared sub-objects

/** User `display_picture`: keys `small`, `medium`, and in some responses `large`; URL strings. */
export const DisplayPictureSchema = z
	.object({
		small: Url,
		medium: Url,
		large: Url.optional(),
	})
	.strict();

/** `{id, name}` reference of a job title or location on a user. */
export const NamedRefSchema = z
	.object({
		id: FlexibleId,
		name: NonBlank,
	})
	.strict();

/** Membership of a user in a department or business: `{id, name, is_admin}`. */
export const OrgMembershipSchema = z
	.object({
		id: Uuid,
		name: NonBlank,
		is_admin: z.boolean(),
	})
	.strict();

export const CustomAttributeKey = z.string().regex(/^custom-attribute-[A-Za-z0-9_-]+$/);

/**
 * One rendered custom attribute value on a user: `{name, value}`; value is a string (numbers,
 * dates and booleans rendered as strings) or an array of strings for multiple-select; `null`
 * when blank.
 */
export const CustomAttributeValueSchema = z
	.object({
		name: NonBlank,
		value: z.union([NonBlank, z.array(NonBlank)]).nullable(),
	})
	.strict();

export const CustomAttributesSchema = z.record(CustomAttributeKey, CustomAttributeValueSchema);

/** `employee_type`: a string in the contract, `{id, name}` in the OpenAPI file; `null` when blank. */
export const EmployeeTypeSchema = z.union([NonBlank, NamedRefSchema]).nullable();

// User

const listed = records.UserRecordSchema.pick(maskOf(records.USER_LISTED)).shape;
const { last_active_date, ...listedCore } = listed;
const { title, gender } = records.UserRecordSchema.pick(maskOf(records.USER_VENDOR_ONLY)).shape;

/** Fields every rendering of a user carries (list element, single, write responses). */
const userCoreShape = {
	...listedCore,
	name: NonBlank,
	display_picture: DisplayPictureSchema.nullable(),
	job_title: NamedRefSchema.nullable(),
	location: NamedRefSchema.nullable(),
	custom_attributes: CustomAttributesSchema,
	phone_number: z.union([NonBlank, z.number()]).nullable(),
};

/** Keys only the OpenAPI file lists (vendor extras): allowed, typed, never required. */
const userVendorExtrasShape = {
	title: title.optional(),
	nickname: NullableText.optional(),
	marital_status: NullableText.optional(),
	last_active_date: last_active_date.optional(),
	gender: gender.optional(),
	linkedin: NullableText.optional(),
	twitter: NullableText.optional(),
	differently_abled: z.boolean().nullable().optional(),
	veteran_status: z.boolean().nullable().optional(),
	ethnicity: NullableText.optional(),
	employee_level: NullableText.optional(),
	is_cxo: z.boolean().optional(),
	joining_date_string: NullableText.optional(),
	birthdate_as_date: NullableText.optional(),
	work_anniversary_in: z.number().int().nullable().optional(),
	is_admin: z.boolean().nullable().optional(),
	manager_id: Uuid.nullable().optional(),
};

/** Fields of the single-user rendering beyond the core. */
const userDetailShape = {
	business_unit: z.array(OrgMembershipSchema),
	employee_type: EmployeeTypeSchema,
	birthdate: DayMonthYear.nullable(),
	departments: z.array(OrgMembershipSchema),
	...records.UserRecordSchema.pick(maskOf(records.USER_DETAIL)).shape,
};

/**
 * A user as embedded in another user (`primary_reporter`, `direct_reports`, `hr_managers`,
 * `secondary_managers`): the OpenAPI file types these as User but its sample shows a summary
 * `{id, name, email, status}`, so any subset of the user fields is accepted, with `id` and
 * `name` required and every present field typed.
 */
export const UserRefSchema = z
	.object({ ...userCoreShape, ...userDetailShape, ...userVendorExtrasShape })
	.partial()
	.required({ id: true, name: true })
	.strict();

/** Relations embedded on request (`include=`). */
const includeShape = {
	primary_reporter: UserRefSchema.nullable(),
	direct_reports: z.array(UserRefSchema),
	hr_managers: z.array(UserRefSchema),
	secondary_managers: z.array(UserRefSchema),
};

/**
 * An element of `GET /users`. `primary_reporter`/`direct_reports` appear only with `include`;
 * departments/business_unit/employee_type/birthdate are listed by the OpenAPI sample and
 * allowed, not required.
 */
export const UserListItemSchema = z
	.object({
		...userCoreShape,
		...userVendorExtrasShape,
		departments: userDetailShape.departments.optional(),
		business_unit: userDetailShape.business_unit.optional(),
		employee_type: userDetailShape.employee_type.optional(),
		birthdate: userDetailShape.birthdate.optional(),
		primary_reporter: includeShape.primary_reporter.optional(),
		direct_reports: includeShape.direct_reports.optional(),
	})
	.strict();

/**
 * A single user: `GET /users/<id>` and the `data` of every user write (POST, PUT, PATCH,
 * deactivate, activate). `primary_reporter` is "present when requested with include or in
 * single-user response"; direct reports, HR and secondary managers only with `include`.
 */
export const UserSchema = z
	.object({
		...userCoreShape,
		...userVendorExtrasShape,
		...userDetailShape,
		primary_reporter: includeShape.primary_reporter,
		direct_reports: includeShape.direct_reports.optional(),
		hr_managers: includeShape.hr_managers.optional(),
		secondary_managers: includeShape.secondary_managers.optional(),
	})
	.strict();

// User attribute (definition)

export const AttributeDataTypeSchema = z.enum([...records.DataType.options, 'document']); // 'document': listed by the vendor (docs/engagedly-api.md, "User attribute definitions")

/**
 * `{id, name, attribute_key, preset, mandatory, data_type, attribute_options}`;
 * attribute_options is an array (maybe empty) for select types and `null` for the others;
 * custom attributes (`preset: false`) have keys `custom-attribute-<suffix>`.
 */
export const UserAttributeSchema = records.AttributeRecordSchema.extend({ data_type: AttributeDataTypeSchema })
	.strict()
	.superRefine((attr, ctx) => {
		const isSelect = attr.data_type === 'single-select' || attr.data_type === 'multiple-select';
		if (isSelect && attr.attribute_options === null) {
			ctx.addIssue({ code: 'custom', path: ['attribute_options'], message: 'select attribute needs an options array' });
		}
		if (!isSelect && attr.attribute_options !== null) {
			ctx.addIssue({ code: 'custom', path: ['attribute_options'], message: 'non-select attribute must have null options' });
		}
		if (!attr.preset && !CustomAttributeKey.safeParse(attr.attribute_key).success) {
			ctx.addIssue({ code: 'custom', path: ['attribute_key'], message: 'custom attribute key must be custom-attribute-<suffix>' });
		}
	});

// Department and business

/** Member of a department or business (single/create/update responses). */
export const MemberSchema = records.UserRecordSchema.pick({ id: true, email: true, first_name: true, middle_name: true, last_name: true })
	.extend({
		name: NonBlank,
		display_picture: z.object({ small: Url, medium: Url }).strict().nullable(),
		is_admin: z.boolean(),
	})
	.strict();

const Count = z.number().int().min(0);

export const OrgUnitListItemSchema = records.OrgUnitFieldsSchema.extend({
	members_count: DigitString,
	administrators_count: DigitString,
}).strict();

export const BusinessSchema = records.OrgUnitFieldsSchema.extend({
	members_count: Count,
	administrators_count: Count,
	members: z.array(MemberSchema),
}).strict();

/**
 * A single department. The contract fixes integer counts only for "single business responses";
 * for departments it is silent, so an integer or a digit string is accepted.
 */
export const DepartmentSchema = BusinessSchema.extend({
	members_count: z.union([Count, DigitString]),
	administrators_count: z.union([Count, DigitString]),
});

// Location, job title, permission, block reason code

/** Ids of locations, job titles and permissions: numbers in some answers, strings in others. */
export const LocationSchema = records.LocationRecordSchema.extend({ id: FlexibleId }).strict();
export const JobTitleSchema = records.JobTitleRecordSchema.extend({ id: FlexibleId }).strict();
/** `is_editable` and `default` are OpenAPI-only extras: allowed, not required. */
export const PermissionSchema = records.PermissionRecordSchema.extend({ id: FlexibleId }).partial({ is_editable: true, default: true }).strict();

/** `{code, display_text, description}` (+ the vendor's optional bookkeeping fields). */
export const BlockReasonCodeSchema = records.BlockReasonRecordSchema.partial({ source: true, archived: true, created_by: true, updated_at: true })
	.extend({ blocked_users_count: z.number().int().min(0).optional() })
	.strict();

/** `{status: 200, data: [...]}`: no `success` flag. */
export const BlockReasonCodesEnvelopeSchema = z
	.object({
		status: z.literal(200),
		data: z.array(BlockReasonCodeSchema),
	})
	.strict();

// Praise

export const ActorPictureSchema = z
	.object({
		large: Url.nullable(),
		original: Url.nullable(),
		reduced: Url.nullable(),
	})
	.strict();

/** Author and recognized actors: `{name, id, display_picture, designation}`. */
export const ActorSchema = z
	.object({
		id: Uuid,
		name: NonBlank,
		display_picture: ActorPictureSchema,
		designation: NullableText,
	})
	.strict();

export const AudienceSchema = z
	.object({
		id: NonBlank,
		name: NonBlank,
		display_picture: ActorPictureSchema,
		type: NonBlank,
	})
	.strict();

export const PraiseSchema = records.PraiseRecordSchema.pick(maskOf(records.PRAISE_AS_STORED))
	.extend({
		activity_type: z.literal('Praise'),
		author: ActorSchema,
		tags: z.array(records.PraiseTagSchema).optional(), // "may be absent"
		audience: z.array(AudienceSchema),
		links: z.array(z.unknown()),
		attachments: z.array(z.unknown()),
		comment_details: z.object({ count: z.number().int().min(0) }).strict(),
		like_details: z.object({ count: z.number().int().min(0), is_liked: z.boolean() }).strict(),
		can_edit: z.boolean(),
		can_delete: z.boolean(),
		recognized_actors: z.array(ActorSchema),
	})
	.strict();

// Learning (shapes from the OpenAPI file: the contract says "not shown")

/** Learning dates: the vendor samples use `MMM DD, YYYY`; ISO 8601 UTC is also accepted. */
export const LearningDate = z.union([LongDate, IsoUtcTimestamp]);

export const LearningCategorySchema = z.object({ id: z.number().int(), title: NonBlank }).strict();

/** A person reference in learning payloads (author, assigner, manager): id and name at least. */
export const LearningPersonSchema = z
	.object({
		id: Uuid,
		name: NonBlank,
	})
	.passthrough();

export const LearningResourceSchema = records.LearningResourceRecordSchema.pick(maskOf(records.RESOURCE_AS_STORED))
	.extend({
		duration: z.string().regex(/^\d{2,}:\d{2}:\d{2}$/),
		published_on: LearningDate.nullable(),
		tags: z.array(NonBlank),
		competencies: z.array(z.record(z.unknown())),
		categories: z.array(LearningCategorySchema),
		author: LearningPersonSchema.nullable(),
		co_authors: z.array(z.record(z.unknown())),
		skills: z.array(z.record(z.unknown())),
		settings: z.record(z.unknown()),
		attributes: z.record(z.unknown()),
		content_details: z.record(z.unknown()).nullable(),
		created_at: LearningDate,
		updated_at: LearningDate,
	})
	.strict();

export const ResourceUnitSchema = records.LearningUnitRecordSchema.strict();

/**
 * A section of a course (with `units`); "Playlists nest resources under `contents` instead",
 * so exactly one of `units` / `contents` is present.
 */
export const ResourceSectionSchema = records.LearningSectionFieldsSchema.extend({
		type: NonBlank,
		units: z.array(ResourceUnitSchema).optional(),
		contents: z.array(z.record(z.unknown())).optional(),
	})
	.strict()
	.refine((s) => (s.units === undefined) !== (s.contents === undefined), {
		message: 'a section carries exactly one of units (course) or contents (playlist)',
	});

/** The learner of a report row: fixed fields plus demographic and custom keys. */
export const LearnerRefSchema = z
	.object({
		id: Uuid,
		name: NonBlank,
		email: z.string().email(),
		status: NonBlank,
		employee_id: NullableText,
		job_title: NullableText,
		business_units: z.array(NonBlank),
		departments: z.array(NonBlank),
		location: NullableText,
		employee_type: NullableText,
		joining_date: NullableText,
		birth_date: NullableText,
		gender: NullableText,
		ethnicity: NullableText,
		differently_abled: z.boolean().nullable(),
		veteran_status: z.boolean().nullable(),
		age: z.number().int().nullable(),
		display_picture: z.record(z.unknown()),
	})
	.passthrough(); // "additionalProperties: true"

export const LearnerRecordSchema = records.LearnerRowSchema.pick(maskOf(records.LEARNER_ROW_AS_STORED))
	.extend({
		learning_resource_id: z.number().int(),
		learning_resource_title: NonBlank,
		type: records.LearningType,
		short_code: NonBlank,
		completed_on: LearningDate.nullable(),
		certified: z.boolean(),
		provider: NonBlank,
		archive: z.boolean(),
		categories: z.array(LearningCategorySchema),
		learner: LearnerRefSchema,
		assigner: LearningPersonSchema.nullable(),
		manager: LearningPersonSchema.nullable(),
		hr_managers: z.array(z.record(z.unknown())),
		secondary_managers: z.array(z.record(z.unknown())),
		author: LearningPersonSchema.nullable(),
		assigned_on: LearningDate,
		due_date: LearningDate.nullable(),
		language: NonBlank,
		learning_resource_duration: z.number().min(0),
		valid_till: LearningDate.nullable(),
	})
	.strict();

/** `GET /learning/learner_reports`: `{pagination, data}`, no `success` flag. */
export const LearnerReportEnvelopeSchema = z
	.object({
		pagination: PaginationSchema,
		data: z.array(LearnerRecordSchema),
	})
	.strict();

// Certificate (docs/engagedly-api.md, "Certificates")

/** Certificate dates: `YYYY-MM-DD` (the filter format) or an ISO 8601 UTC timestamp. */
export const CertificateDate = z.union([IsoDate, IsoUtcTimestamp]);

export const CertificateSchema = records.CertificateFieldsSchema.extend({
	start_date: CertificateDate.nullable(),
	end_date: CertificateDate.nullable(),
}).strict();

// Response bodies per endpoint

export const UserAttributesResponse = arrayEnvelope(UserAttributeSchema);
export const UsersListResponse = listEnvelope(UserListItemSchema);
export const UserResponse = singleEnvelope(UserSchema);
export const ProfilePictureResponse = SuccessOnlyEnvelopeSchema;
export const BlockReasonCodesResponse = BlockReasonCodesEnvelopeSchema;
export const UserPermissionsResponse = arrayEnvelope(PermissionSchema);

export const DepartmentsListResponse = listEnvelope(OrgUnitListItemSchema);
export const DepartmentResponse = singleEnvelope(DepartmentSchema);
export const BusinessesListResponse = listEnvelope(OrgUnitListItemSchema);
export const BusinessResponse = singleEnvelope(BusinessSchema);
export const LocationsListResponse = listEnvelope(LocationSchema);
export const LocationResponse = singleEnvelope(LocationSchema);
export const JobTitlesListResponse = listEnvelope(JobTitleSchema);
export const JobTitleResponse = singleEnvelope(JobTitleSchema);
export const PermissionsListResponse = listEnvelope(PermissionSchema);
export const PraisesListResponse = listEnvelope(PraiseSchema);

export const LearningResourcesListResponse = listEnvelope(LearningResourceSchema);
export const ResourceContentsResponse = arrayEnvelope(ResourceSectionSchema);
export const LearnerReportResponse = LearnerReportEnvelopeSchema;
export const CertificatesListResponse = listEnvelope(CertificateSchema);
export const CertificateResponse = singleEnvelope(CertificateSchema);

// Types

export type UserAttribute = z.infer<typeof UserAttributeSchema>;
