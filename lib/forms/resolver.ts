import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { formParseOptions } from "@/lib/forms/error-map";

/**
 * zodResolver with the forms' error map (`error-map.ts`): every form of the dashboard builds
 * its resolver here, so none shows zod's own text.
 */
export function zodFormResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, formParseOptions) as Resolver<Input, unknown, Output>;
}
