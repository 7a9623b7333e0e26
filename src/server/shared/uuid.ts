const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID: an id that is not one is unknown, never a database cast error. */
export const isUuid = (value: string): boolean => UUID.test(value);
