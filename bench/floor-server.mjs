// The floor for the booking writes (issue 16): the minimal correct booking transaction, written
// directly with `pg` on the bench's own seeded PostgreSQL database and its real tables, behind a tiny
// node:http endpoint in its own process (run by bookings.ts). `POST /book`, in one transaction: take a
// place on the member's session (a conditional UPDATE: the row lock and the capacity check in one
// statement), insert a basket line and its hold, commit. Each keep-alive connection is one member
// with a session of its own (FLOOR_FIXTURE: bookings-seed.ts's `floor`), as the cart bench has one
// customer per connection. The pool has the API's default size (10). The line leaves its session to
// its hold (occurrence_id null, as a course's line does): a member books the same session again and
// again here, which a basket's one-line-per-session index (decision 026) would refuse after the first.
import { createServer } from 'node:http';
import pg from 'pg';

const fixture = JSON.parse(process.env.FLOOR_FIXTURE ?? '{}');
const members = fixture.members ?? [];
if (members.length === 0) throw new Error('FLOOR_FIXTURE has no members');
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.FLOOR_POOL ?? 10),
});

async function book(member) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const taken = await client.query(
      `update occurrences set held_count = held_count + 1
       where id = $1 and capacity - booked_count - held_count >= 1 returning id`,
      [member.occurrenceId],
    );
    if (taken.rowCount === 0) {
      await client.query('rollback');
      return { status: 422, body: { message: 'The session being booked is already full' } };
    }
    const line = await client.query(
      `insert into cart_items (cart_id, cartable_type, holds_places, activity_id, venue_id, pricing_option_id,
         purchased_for_user_id, quantity, amount)
       values ($1, 'av2Booking', true, $2, $3, $4, $5, 1, $6) returning id`,
      [
        member.cartId,
        fixture.activityId,
        fixture.venueId,
        fixture.pricingOptionId,
        member.userId,
        fixture.amount,
      ],
    );
    await client.query(
      `insert into cart_holds (cart_id, cart_item_id, occurrence_id, quantity, expires_at)
       values ($1, $2, $3, 1, now() + interval '15 minutes')`,
      [member.cartId, line.rows[0].id, member.occurrenceId],
    );
    await client.query('commit');
    return { status: 200, body: { data: { cart_item_id: line.rows[0].id } } };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    return { status: 500, body: { message: String(error?.message ?? error) } };
  } finally {
    client.release();
  }
}

let nextMember = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
    return;
  }
  request.resume();
  request.on('end', async () => {
    const answer = await book(request.socket.member);
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer.body));
  });
});
server.on('connection', (socket) => {
  socket.member = members[nextMember % members.length];
  nextMember += 1;
});
server.listen(Number(process.env.PORT ?? 4552), '127.0.0.1', () => console.log('floor ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
