import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignEnrolments, campaigns, contacts } from '../../db/schema/campaigns.ts';

type NewContact = typeof contacts.$inferInsert;

/** STOP: the phone's contact no longer gets SMS; true when a contact matched. */
export async function stopSms(db: Db, phone: string): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ smsSubscribed: false, smsStoppedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(contacts.phone, phone))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** START/UNSTOP: resubscribes only a contact that was stopped before (so it gave consent once). */
export async function restartSms(db: Db, phone: string): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ smsSubscribed: true, updatedAt: sql`now()` })
    .where(and(eq(contacts.phone, phone), isNotNull(contacts.smsStoppedAt)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** A reply: stops the phone's active enrolments in campaigns with pauseOnResponse on. */
export async function stopEnrolmentsOnReply(db: Db, phone: string): Promise<boolean> {
  const rows = await db
    .update(campaignEnrolments)
    .set({ status: 'stopped', stopReason: 'Contact replied' })
    .where(
      and(
        eq(campaignEnrolments.status, 'active'),
        inArray(
          campaignEnrolments.contactId,
          db.select({ id: contacts.id }).from(contacts).where(eq(contacts.phone, phone)),
        ),
        inArray(
          campaignEnrolments.campaignId,
          db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.pauseOnResponse, true)),
        ),
      ),
    )
    .returning({ id: campaignEnrolments.id });
  return rows.length > 0;
}

/**
 * Inserts an imported contact or updates the one with the same e-mail (or phone, without e-mail):
 * a name only when one is given, a phone only when it had none, SMS consent never undoing a STOP.
 * Returns whether a new row was inserted.
 */
export async function upsertImportedContact(
  db: Db,
  contact: Pick<NewContact, 'name' | 'email' | 'phone' | 'smsSubscribed' | 'timeZone'>,
): Promise<boolean> {
  const [row] = await db
    .insert(contacts)
    .values({ ...contact, source: 'import' })
    .onConflictDoUpdate({
      target: contact.email ? contacts.email : contacts.phone,
      set: {
        name: sql`case when excluded.name <> '' then excluded.name else ${contacts.name} end`,
        phone: sql`coalesce(${contacts.phone}, excluded.phone)`,
        smsSubscribed: sql`${contacts.smsSubscribed} or (excluded.sms_subscribed and ${contacts.smsStoppedAt} is null)`,
        timeZone: sql`excluded.time_zone`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 on a freshly inserted row version (the builder cannot name system columns).
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return Boolean(row?.inserted);
}

/** One-click unsubscribe from e-mail; true when the contact exists. */
export async function unsubscribeEmail(db: Db, contactId: number): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ emailSubscribed: false, updatedAt: new Date() })
    .where(eq(contacts.id, contactId))
    .returning({ id: contacts.id });
  return rows.length > 0;
}
