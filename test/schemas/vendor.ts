/**
 * The zod schemas of the vendor's shapes: the contract's schemas (engagedly.ts) with the fields
 * changed where the vendor's OpenAPI description and examples say otherwise (the same list as
 * the simulator's vendor profile, test/simulator/profiles.ts). Everything else, strictness
 * included, is the contract's: an undocumented key is still an error.
 *
 * `schemasFor(profile)` gives either set under the same names, so a suite that runs against
 * both profiles validates with the right one.
 */
import { z } from 'zod';

import * as contract from './engagedly';

const { CustomAttributeKey, FlexibleId, IsoDate, NonBlank, NullableText, Url, listEnvelope, singleEnvelope } = contract;

/** A string the vendor's schema does not make nullable: a blank is `""`. */
const Text = z.string();
/** The vendor's examples show `""` for some blanks and `null` for others. */
const BlankText = z.string().nullable();

/** `{name, value}`: a string (`""` when blank) or a list of option values. */
const VendorCustomAttributesSchema = z.record(
	CustomAttributeKey,
	z.object({ name: NonBlank, value: z.union([Text, z.array(NonBlank)]) }).strict(),
);

/** `{id, name}`: the option's id and value. */
export const VendorEmployeeTypeSchema = z.object({ id: FlexibleId, name: NonBlank }).strict().nullable();

/** Every vendor user record: the contract's fields the vendor renders otherwise, and its own keys. */
const vendorUserKeys = {
	employee_id: Text,
	employee_type: VendorEmployeeTypeSchema,
	joining_date: IsoDate.nullable(),
	custom_attributes: VendorCustomAttributesSchema,
	nickname: BlankText,
	marital_status: BlankText,
	linkedin: BlankText,
	twitter: BlankText,
	differently_abled: z.boolean().nullable(),
	veteran_status: z.boolean().nullable(),
	ethnicity: NullableText,
	employee_level: NullableText,
	is_cxo: z.boolean(),
};

/** Single-user keys only the vendor has. `work_anniversary_in` is null without a joining date (the simulator's one gap). */
const vendorSingleKeys = {
	secondary_phone_number: BlankText,
	joining_date_string: contract.LongDate.nullable(),
	birthdate_as_date: IsoDate.nullable(),
	work_anniversary_in: z.number().int().min(0).nullable(),
};

/** Embedded users (`primary_reporter`, `direct_reports`, ...): any subset of a vendor user's keys. */
export const VendorUserRefSchema = contract.UserSchema.extend({ ...vendorUserKeys, ...vendorSingleKeys })
	.partial()
	.required({ id: true, name: true })
	.strict();

export const VendorUserListItemSchema = contract.UserListItemSchema.extend({
	...vendorUserKeys,
	employee_type: VendorEmployeeTypeSchema.optional(),
	primary_reporter: VendorUserRefSchema.nullable().optional(),
	direct_reports: z.array(VendorUserRefSchema).optional(),
});

/** The vendor's single user lists the people relations, empty when `include` does not ask for them. */
export const VendorUserSchema = contract.UserSchema.extend({
	...vendorUserKeys,
	...vendorSingleKeys,
	primary_reporter: VendorUserRefSchema.nullable(),
	direct_reports: z.array(VendorUserRefSchema),
	hr_managers: z.array(VendorUserRefSchema),
	secondary_managers: z.array(VendorUserRefSchema),
});

/** The vendor's DisplayPicture is an object whose URLs may be null, never null itself. */
export const VendorMemberSchema = contract.MemberSchema.extend({
	display_picture: z.object({ small: Url.nullable(), medium: Url.nullable(), large: Url.nullable().optional() }).strict(),
});

/** Integer counts everywhere. */
export const VendorOrgUnitListItemSchema = contract.OrgUnitListItemSchema.extend({
	members_count: z.number().int().min(0),
	administrators_count: z.number().int().min(0),
});
export const VendorDepartmentSchema = VendorOrgUnitListItemSchema.extend({ members: z.array(VendorMemberSchema) });
export const VendorBusinessSchema = VendorDepartmentSchema;

/** Integer ids; every address field but the second line is a plain string. */
export const VendorLocationSchema = contract.LocationSchema.extend({
	id: FlexibleId,
	address_line1: Text,
	city: Text,
	state: Text,
	country: Text,
	postal_code: Text,
});

export const VendorActorSchema = contract.ActorSchema.extend({ designation: Text });
export const VendorPraiseSchema = contract.PraiseSchema.extend({
	author: VendorActorSchema,
	recognized_actors: z.array(VendorActorSchema),
});

/** Learning dates are `Jul 07, 2026` (the contract's LearningDate already takes that form). */
export const VendorLearningResourceSchema = contract.LearningResourceSchema.extend({ level: Text });
export const VendorLearnerRecordSchema = contract.LearnerRecordSchema.extend({
	learner: contract.LearnerRefSchema.extend({ employee_id: Text }),
});

const vendor = {
	UserListItemSchema: VendorUserListItemSchema,
	UserSchema: VendorUserSchema,
	UserRefSchema: VendorUserRefSchema,
	MemberSchema: VendorMemberSchema,
	OrgUnitListItemSchema: VendorOrgUnitListItemSchema,
	DepartmentSchema: VendorDepartmentSchema,
	BusinessSchema: VendorBusinessSchema,
	LocationSchema: VendorLocationSchema,
	JobTitleSchema: contract.JobTitleSchema,
	PraiseSchema: VendorPraiseSchema,
	LearningResourceSchema: VendorLearningResourceSchema,
	LearnerRecordSchema: VendorLearnerRecordSchema,
	UsersListResponse: listEnvelope(VendorUserListItemSchema),
	UserResponse: singleEnvelope(VendorUserSchema),
	DepartmentsListResponse: listEnvelope(VendorOrgUnitListItemSchema),
	DepartmentResponse: singleEnvelope(VendorDepartmentSchema),
	BusinessesListResponse: listEnvelope(VendorOrgUnitListItemSchema),
	BusinessResponse: singleEnvelope(VendorBusinessSchema),
	LocationsListResponse: listEnvelope(VendorLocationSchema),
	LocationResponse: singleEnvelope(VendorLocationSchema),
	JobTitlesListResponse: contract.JobTitlesListResponse,
	JobTitleResponse: contract.JobTitleResponse,
	PraisesListResponse: listEnvelope(VendorPraiseSchema),
	LearningResourcesListResponse: listEnvelope(VendorLearningResourceSchema),
	ResourceContentsResponse: contract.ResourceContentsResponse,
	LearnerReportResponse: z.object({ pagination: contract.PaginationSchema, data: z.array(VendorLearnerRecordSchema) }).strict(),
	BlockReasonCodesResponse: contract.BlockReasonCodesResponse,
	UserAttributesResponse: contract.UserAttributesResponse,
	UserPermissionsResponse: contract.UserPermissionsResponse,
	PermissionsListResponse: contract.PermissionsListResponse,
};

type Loose = { [K in keyof typeof vendor]: z.ZodTypeAny };

const contractSet: Loose = {
	UserListItemSchema: contract.UserListItemSchema,
	UserSchema: contract.UserSchema,
	UserRefSchema: contract.UserRefSchema,
	MemberSchema: contract.MemberSchema,
	OrgUnitListItemSchema: contract.OrgUnitListItemSchema,
	DepartmentSchema: contract.DepartmentSchema,
	BusinessSchema: contract.BusinessSchema,
	LocationSchema: contract.LocationSchema,
	JobTitleSchema: contract.JobTitleSchema,
	PraiseSchema: contract.PraiseSchema,
	LearningResourceSchema: contract.LearningResourceSchema,
	LearnerRecordSchema: contract.LearnerRecordSchema,
	UsersListResponse: contract.UsersListResponse,
	UserResponse: contract.UserResponse,
	DepartmentsListResponse: contract.DepartmentsListResponse,
	DepartmentResponse: contract.DepartmentResponse,
	BusinessesListResponse: contract.BusinessesListResponse,
	BusinessResponse: contract.BusinessResponse,
	LocationsListResponse: contract.LocationsListResponse,
	LocationResponse: contract.LocationResponse,
	JobTitlesListResponse: contract.JobTitlesListResponse,
	JobTitleResponse: contract.JobTitleResponse,
	PraisesListResponse: contract.PraisesListResponse,
	LearningResourcesListResponse: contract.LearningResourcesListResponse,
	ResourceContentsResponse: contract.ResourceContentsResponse,
	LearnerReportResponse: contract.LearnerReportResponse,
	BlockReasonCodesResponse: contract.BlockReasonCodesResponse,
	UserAttributesResponse: contract.UserAttributesResponse,
	UserPermissionsResponse: contract.UserPermissionsResponse,
	PermissionsListResponse: contract.PermissionsListResponse,
};

/** The schemas of one profile's shapes, by the contract's names. */
export function schemasFor(profile: 'contract' | 'vendor'): Loose {
	return profile === 'contract' ? contractSet : vendor;
}
