import { z } from "zod";

/**
 * A back-office start or end: ISO 8601 with its offset, within years 2000–2100 (the database's
 * and the pages' dates hold these; year 0 or 9999 is a typing slip, not a campaign).
 */
export const staffDate = z.iso
  .datetime({ offset: true, message: "must be a date and time (ISO 8601)" })
  .refine(
    (s) => {
      const year = new Date(s).getUTCFullYear();
      return year >= 2000 && year <= 2100;
    },
    { message: "must be a date between the years 2000 and 2100" },
  );
