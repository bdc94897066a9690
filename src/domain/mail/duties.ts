import type { Duty } from '../duties.js'
import { sendDueDigests } from './notify/digests.js'
import { queueDueReminders } from './reminders.js'

/** What the delivery worker does for mail besides sending: reminders due, the team's notifications due. */
export const mailDuties: Duty[] = [queueDueReminders, sendDueDigests]
