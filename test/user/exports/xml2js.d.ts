/**
 * The part of xml2js the Workday fixture calls (test/user/exports/workday.ts): the package ships no
 * types, and @types/xml2js is a devDependency of n8n-workflow, not installed with it. xml2js itself
 * is n8n-workflow's dependency (0.6.2, the version n8n's catalog pins for its XML node).
 */
declare module 'xml2js' {
	export interface ParserOptions {
		mergeAttrs?: boolean;
		explicitArray?: boolean;
		tagNameProcessors?: Array<(name: string) => string>;
		attrNameProcessors?: Array<(name: string) => string>;
	}

	export class Parser {
		constructor(options?: ParserOptions);
		/** Calls back before it returns unless the `async` option is set (it is not here). */
		parseString(xml: string, callback: (error: Error | null, result: unknown) => void): void;
	}
}
