/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code runs in plain Node, not inside n8n */
import net from 'node:net';

/** Whether a TCP connection to the port on loopback is refused: nothing listens there any more. */
export async function refused(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.on('connect', () => {
			socket.destroy();
			resolve(false);
		});
		socket.on('error', () => resolve(true));
	});
}
