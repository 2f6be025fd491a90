/** Small pieces of English shared by views and the services that name things for them. */

/** A or an, for "Join as a Full member" / "Join as an Associate member". */
export const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
