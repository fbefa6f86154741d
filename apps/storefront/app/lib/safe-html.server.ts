/** The sanitiser of CMS and help-center bodies, shared with the API that stores them (decision 062). */
export { safeHtml } from "@maidan/contracts/safe-html";
