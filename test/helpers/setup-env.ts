/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code runs in plain Node, not inside n8n */
import { setSafeRegexEngine } from 'n8n-workflow';

import { pollTiming, transportTiming } from './transport';

// n8n-core logs every node error through its own logger; the tests assert on those errors instead.
process.env.N8N_LOG_LEVEL = 'silent';

// n8n-workflow runs the regular expressions of parameter definitions (a resource locator's ID
// check) in a `vm` context with a 250 ms timeout, against hostile user-written patterns. On a
// busy machine (a CI runner sharing its cores) the first run of that context can take longer
// than 250 ms, and the test fails with "Regular expression execution timed out" for a pattern
// like `\S+`. The patterns here are the package's own, so the tests use plain regular
// expressions.
setSafeRegexEngine({
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) => input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`))),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
});

// The transport waits 0.5, 1.5 and 4 s between retries of a read. What the suites check is how
// many retries are made and what the user is told, so the waits are shortened.
transportTiming.readRetryDelaysMs = [5, 10, 20];

// A poll stops reading after 30 s and leaves the rest of a pass to the next poll. On a busy
// machine that could cut a pass anywhere, so the suites give polls all the time they need and
// cut passes by the Rate Limit Share; the one test of the time budget shortens it itself.
pollTiming.budgetMs = 10 * 60_000;
