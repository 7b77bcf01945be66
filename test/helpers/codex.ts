/** How people look for an HR service in the nodes panel: every one must find Engagedly. */
export const SEARCH_TERMS = [
	'HR',
	'employee',
	'people',
	'staff',
	'praise',
	'recognition',
	'kudos',
	'onboarding',
	'offboarding',
	'learning',
	'performance',
];
