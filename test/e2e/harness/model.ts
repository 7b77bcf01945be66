/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
/**
 * A scripted chat model: an OpenAI-compatible server on loopback (`POST /v1/chat/completions`, the
 * Chat Completions API n8n's OpenAI Chat Model node calls when its credential's Base URL points
 * here), answering each request with the next turn of a script the test wrote. A turn sees the
 * request it answers, so it can call a tool the request offers, or quote the tool result the
 * request carries. Every request is logged; a request with no turn left is answered 500 and
 * logged too, so a test sees an agent that asked more than its script allowed. Answers are whole
 * completions (`stream: false`, which n8n asks for when the chat is not streamed).
 *
 * No network: it listens on 127.0.0.1 only, on a free port, and is stopped by the test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The parts of a Chat Completions request the tests read. */
export interface ChatRequest {
	model: string;
	stream?: boolean;
	messages: Array<{
		role: string;
		content: string | null | Array<{ type: string; text?: string }>;
		tool_call_id?: string;
		tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
	}>;
	tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: { properties?: Record<string, unknown>; required?: string[] } } }>;
}

export type Reply = { toolCall: { name: string; arguments: Record<string, unknown> } } | { answer: string };
export type Turn = (request: ChatRequest) => Reply;

let calls = 0;

/** The Chat Completions answer (`chat.completion`) for one reply: a tool call, or the final text. */
function completion(reply: Reply, model: string) {
	const n = ++calls;
	const message =
		'toolCall' in reply
			? {
					role: 'assistant',
					content: null,
					tool_calls: [{ id: `call_${n}`, type: 'function', function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) } }],
				}
			: { role: 'assistant', content: reply.answer };
	return {
		id: `chatcmpl-scripted-${n}`,
		object: 'chat.completion',
		created: 1_700_000_000,
		model,
		choices: [{ index: 0, message, logprobs: null, finish_reason: 'toolCall' in reply ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
	};
}

export class ScriptedModel {
	/** Every chat request received, in order, whether a turn answered it or not. */
	readonly log: ChatRequest[] = [];
	private turns: Turn[] = [];
	private server?: http.Server;

	/** The Base URL an `openAiApi` credential takes (with the `/v1`). */
	baseUrl = '';

	/** Replaces what is left of the script; clears the log. */
	script(...turns: Turn[]): void {
		this.turns = [...turns];
		this.log.length = 0;
	}

	async start(): Promise<void> {
		this.server = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
		});
		await new Promise<void>((resolve, reject) => {
			this.server!.once('error', reject);
			this.server!.listen(0, '127.0.0.1', () => resolve());
		});
		this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server) return;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	private answer(req: http.IncomingMessage, res: http.ServerResponse, text: string): void {
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'content-type': 'application/json' });
			res.end(JSON.stringify(body));
		};
		if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
			send(404, { error: { message: `The scripted model serves POST /v1/chat/completions, not ${req.method} ${req.url}`, type: 'invalid_request_error' } });
			return;
		}
		const request = JSON.parse(text) as ChatRequest;
		this.log.push(request);
		// The example's chat answers when the agent is done (not streamed), so n8n asks for whole
		// answers; a streamed request means that changed, and fails the test here, loudly.
		if (request.stream) {
			send(400, { error: { message: 'The scripted model answers whole completions only (stream: false)', type: 'invalid_request_error' } });
			return;
		}
		const turn = this.turns.shift();
		if (!turn) {
			send(500, { error: { message: 'The scripted model has no turn left for this request', type: 'server_error' } });
			return;
		}
		let reply: Reply;
		try {
			reply = turn(request);
		} catch (error) {
			send(500, { error: { message: `The script failed on this request: ${(error as Error).message}`, type: 'server_error' } });
			return;
		}
		send(200, completion(reply, request.model));
	}
}

/** The text of a message's content, whatever its form (a string, or text parts). */
export function textOf(content: ChatRequest['messages'][number]['content']): string {
	if (typeof content === 'string') return content;
	return (content ?? []).map((part) => part.text ?? '').join('');
}

/** The name under which a request offers the tool with this description; throws if it offers none. */
export function toolNamed(request: ChatRequest, description: string): string {
	const found = request.tools?.find((tool) => tool.function.description === description);
	if (!found) {
		const offered = (request.tools ?? []).map((tool) => tool.function.name).join(', ') || 'none';
		throw new Error(`the request offers no tool with the description "${description.slice(0, 60)}…" (offered: ${offered})`);
	}
	return found.function.name;
}

/** The result of the last tool call the request carries (the `tool` message answering it). */
export function lastToolResult(request: ChatRequest): string {
	const message = [...request.messages].reverse().find((m) => m.role === 'tool');
	if (!message) throw new Error('the request carries no tool result');
	return textOf(message.content);
}
