/**
 * The transport's timing and the trigger's time budget, from the same source modules the node and
 * the trigger import (test/helpers/engine.ts builds them from the sources, in the test file's
 * module registry): tests shorten the retry waits, the request timeout where a timeout is what
 * they check, and a poll's budget to cut a pass by time.
 */
export { transportTiming } from '../../nodes/Engagedly/transport/retry';
export { pollTiming } from '../../nodes/Engagedly/trigger/pass';
