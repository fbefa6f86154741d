import type { ReactNode } from "react";
import { MONTHS, splitDate } from "../../lib/date-parts";

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

/**
 * A date as day, month and year, in that order (the Pakistani one; lib/date-parts.ts), named
 * `{name}-day`, `{name}-month` and `{name}-year`; the action joins them with joinDate.
 */
export function DateFields({
  name,
  legend,
  defaultValue,
  fromYear,
  toYear,
  error,
}: {
  name: string;
  legend: string;
  defaultValue: string | null;
  fromYear: number;
  toYear: number;
  error?: ReactNode;
}) {
  const parts = splitDate(defaultValue);
  const years: number[] = [];
  for (let y = toYear; y >= fromYear; y--) years.push(y);
  return (
    <fieldset className="field date-fields">
      <legend>{legend}</legend>
      <div className="date-fields__parts">
        <label>
          <span className="visually-hidden">Day</span>
          <select name={`${name}-day`} defaultValue={parts.day}>
            <option value="">Day</option>
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Month</span>
          <select name={`${name}-month`} defaultValue={parts.month}>
            <option value="">Month</option>
            {MONTHS.map((month, i) => (
              <option key={month} value={String(i + 1)}>
                {month}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Year</span>
          <select name={`${name}-year`} defaultValue={parts.year}>
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error}
    </fieldset>
  );
}
