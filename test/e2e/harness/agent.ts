/**
 * examples/hr-chat-agent.json in a real n8n: a colleague's chat message reaches n8n's AI Agent,
 * whose OpenAI Chat Model is the scripted model of harness/model.ts (its credential's Base URL
 * points there), so n8n's own agent makes a real tool call into the Engagedly tool against the
 * simulator. What the scenarios prove is everything around the model: the tools n8n offers it
 * (names, descriptions, `$fromAI` parameters), the arguments reaching Engagedly, the result or the
 * tool error going back to the model, and the answer reaching the chat. A real model's choices
 * (which tool, which arguments) are not proven: the script makes them.
 *
 * Run in the current n8n only (examples.e2e.test.ts): n8n 2.x's agent runs tools as nodes of the
 * execution, which is what the tool-error and empty-result behaviour depends on.
 */
import { CHAT_LOGIN, CHAT_MODEL, example, served } from './demo';
import type { ExecutionSummary } from './instance';
import { ScriptedModel, lastToolResult, textOf, toolNamed, type ChatRequest } from './model';
import type { ExampleDemo } from './scenarios';
import { until } from './wait';

const WORKFLOW = 'hr-chat-agent';
const LOGIN = `${CHAT_LOGIN.user}:${CHAT_LOGIN.password}`;

export function agentScenarios(demo: ExampleDemo): void {
	const workflow = example(WORKFLOW);
	const model = new ScriptedModel();
	const node = (type: string) => {
		const found = workflow.nodes.find((n) => n.type === type);
		if (!found) throw new Error(`examples/${WORKFLOW}.json has no node of type ${type}`);
		return found;
	};
	const tools = workflow.nodes.filter((n) => n.type === 'n8n-nodes-engagedly.engagedlyTool');
	const tool = (name: string) => {
		const found = tools.find((n) => n.name === name);
		if (!found) throw new Error(`examples/${WORKFLOW}.json has no Engagedly tool "${name}"`);
		return String(found.parameters.toolDescription);
	};
	const findColleague = tool('Find a colleague');
	const recentPraises = tool('Recent praises');

	const chatUrl = () => `${demo.n8n().baseUrl}/webhook/${String((node('@n8n/n8n-nodes-langchain.chatTrigger') as { webhookId?: string }).webhookId)}/chat`;
	const basicAuth = (login: string) => `Basic ${Buffer.from(login).toString('base64')}`;

	/** One message to the Chat Trigger, as n8n's chat widget sends it; the answer's JSON. */
	const chat = async (chatInput: string, sessionId: string, login = LOGIN) => {
		const response = await fetch(chatUrl(), {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: basicAuth(login) },
			body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
		});
		const text = await response.text();
		let body: unknown = text;
		try {
			body = JSON.parse(text);
		} catch {
			// not JSON: kept as text, for the assertion's message
		}
		return { status: response.status, body };
	};

	let known = new Set<string>();
	/** The one execution of the example since the last call, once finished. */
	const nextExecution = async (): Promise<ExecutionSummary> => {
		const fresh = await demo.n8n().newExecutions(workflow.id, known, 1, 60_000);
		expect(fresh).toHaveLength(1);
		return fresh[0];
	};

	/** What Engagedly served the chat (served: not the trigger's polls, not a 429 retried). */
	const asked = () => served(demo.sim());

	/** The tool message of a request, parsed: what n8n's agent handed the model as the tool's result. */
	const toolResultOf = (request: ChatRequest) => JSON.parse(lastToolResult(request)) as Array<Record<string, unknown>>;

	/**
	 * A chat message whose scripted model calls one tool, then answers `prefix` and the tool's result:
	 * the chat replies with that answer and the execution succeeds. The tool's result, parsed.
	 */
	const askThroughTool = async (message: string, session: string, description: string, args: Record<string, unknown>, prefix: string) => {
		model.script(
			(request) => ({ toolCall: { name: toolNamed(request, description), arguments: args } }),
			(request) => ({ answer: `${prefix}${lastToolResult(request)}` }),
		);
		demo.sim().clearLog();
		const reply = await chat(message, session);
		expect({ reply, requests: model.log.length }).toEqual({ reply: { status: 200, body: { output: expect.any(String) } }, requests: 2 });
		expect(reply).toEqual({ status: 200, body: { output: `${prefix}${lastToolResult(model.log[1])}` } });
		expect(await nextExecution()).toMatchObject({ status: 'success' });
		return toolResultOf(model.log[1]);
	};

	describe(`examples/${WORKFLOW}.json: a chat message to n8n's AI Agent, whose scripted chat model calls the Engagedly tools`, () => {
		beforeAll(async () => {
			await model.start();
			const n8n = demo.n8n();
			// The example ships inactive, naming a model credential the builder fills in: here it is
			// the scripted model on loopback, over the demo's placeholder. A CLI import beside the
			// running n8n: the credential is read from the database when the model node runs.
			await n8n.importCredentials([{ id: CHAT_MODEL.id, name: 'Scripted model (e2e)', type: 'openAiApi', data: { apiKey: 'sk-scripted-e2e', url: model.baseUrl } }]);
			await n8n.publish(workflow.id);
			// n8n registers the chat's webhooks a moment after it answers the publish: its chat page
			// (the GET the chat widget loads) answers once they are.
			await until(
				'the chat webhook to be registered',
				async () => ((await fetch(chatUrl(), { headers: { authorization: basicAuth(LOGIN) } })).status === 200 ? true : undefined),
				60_000,
			);
			known = new Set((await n8n.executions(workflow.id)).map((e) => e.id));
		}, 5 * 60 * 1000);

		afterAll(async () => await model.stop());

		test('the model is offered the five read-only tools with their descriptions and $fromAI inputs; its call reaches Engagedly with its arguments, and the result goes back to it', async () => {
			const sim = demo.sim();
			const colleague = sim.store.sortedUsers().find((u) => u.status === 'Active' && u.manager_id && sim.store.unitsOf('department', u.id).length > 0);
			if (!colleague) throw new Error('the demo organisation has no active user with a manager and a department');
			const manager = sim.store.getUser(colleague.manager_id!);
			const question = `Who is ${colleague.email} and who is their manager?`;

			const result = await askThroughTool(question, 'e2e-who-is', findColleague, { email: colleague.email }, 'Engagedly says: ');

			const [first, second] = model.log;
			// The model sees the tools the example describes, and nothing else.
			expect((first.tools ?? []).map((t) => t.function.description).sort()).toEqual(tools.map((t) => String(t.parameters.toolDescription)).sort());
			const offered = first.tools!.find((t) => t.function.description === findColleague)!.function.parameters!;
			expect({ properties: Object.keys(offered.properties ?? {}), required: offered.required }).toEqual({ properties: ['email'], required: ['email'] });
			expect(first.tools!.find((t) => t.function.description === recentPraises)!.function.parameters!.required ?? []).not.toContain('recognized_email');
			expect(first.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content))).toEqual([question]);
			// The call reached Engagedly with the script's address, read only.
			expect(asked().map((entry) => [entry.method, entry.route, entry.query.email])).toEqual([
				['GET', 'GET /beta/users', colleague.email],
				['GET', 'GET /beta/users/:id', undefined],
			]);
			// The second request carries the tool's result: the colleague as Engagedly holds them, simplified.
			expect(second.messages.at(-1)?.role).toBe('tool');
			expect(second.messages.at(-1)?.tool_call_id).toBe(second.messages.at(-2)?.tool_calls?.[0]?.id);
			expect(result).toEqual([
				expect.objectContaining({
					id: colleague.id,
					email: colleague.email,
					name: `${colleague.first_name} ${colleague.last_name}`,
					manager: { name: `${manager.first_name} ${manager.last_name}`, email: manager.email },
					departments: sim.store.unitsOf('department', colleague.id).map(({ unit }) => unit.name),
				}),
			]);
			expect(Object.keys(result[0]).length).toBeLessThanOrEqual(10);
		});

		test('an address nobody has comes back to the model as a tool error naming it, and the execution succeeds', async () => {
			const sim = demo.sim();
			const email = 'nobody.here@acme-demo.example';
			expect(sim.store.userByEmail(email)).toBeUndefined();

			const [result] = await askThroughTool(`Who is ${email}?`, 'e2e-nobody', findColleague, { email }, 'Sorry: ');

			expect(Object.keys(result)).toEqual(['error']);
			expect(result.error).toContain(`No Engagedly user has the email address "${email}"`);
			expect(result.error).toContain('Check the address');
			expect(asked().map((entry) => [entry.route, entry.query.email])).toEqual([['GET /beta/users', email]]);
		});

		test('a call without its required input comes back to the model as a tool error saying what to give, and nothing is asked of Engagedly', async () => {
			const [result] = await askThroughTool('Who is my manager?', 'e2e-missing-input', findColleague, {}, 'I need more: ');

			expect(Object.keys(result)).toEqual(['error']);
			expect(result.error).toMatch(/No user selected.*email address/);
			expect(asked()).toEqual([]);
		});

		test('a search that finds nothing tells the model so in words, not an empty result', async () => {
			const sim = demo.sim();
			const praised = new Set([...sim.store.praises.values()].flatMap((p) => p.recognized_ids));
			const unpraised = sim.store.sortedUsers().find((u) => u.status === 'Active' && !praised.has(u.id));
			if (!unpraised) throw new Error('everyone in the demo organisation has been praised');
			const question = `Was ${unpraised.email} praised lately?`;

			const result = await askThroughTool(question, 'e2e-no-praise', recentPraises, { recognized_email: unpraised.email }, 'Praises: ');

			expect(result).toEqual([{ result: 'Nothing found: Engagedly has no praise matching this request.' }]);
			// The address is looked up, then the praises read (the trigger's polls may read them too).
			expect(asked().map((entry) => [entry.route, entry.query.email])).toEqual([['GET /beta/users', unpraised.email]]);
			expect(sim.log.map((entry) => entry.route)).toContain('GET /beta/activities/praises');
			expect(sim.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
		});

		test('with a wrong chat login n8n refuses the message, and neither the model nor Engagedly is asked', async () => {
			model.script();
			demo.sim().clearLog();
			const reply = await chat('Who is in Engineering?', 'e2e-no-login', `${CHAT_LOGIN.user}:not-the-password`);
			expect(reply.status).toBe(403);
			expect(model.log).toEqual([]);
			expect(asked()).toEqual([]);
		});
	});
}
