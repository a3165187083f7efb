/** E-mailed 6-digit codes: issue, check, and one mapping of outcomes to errors. */
export { deleteCodesOf } from './repository.ts';
export {
  CODE_CHECKS_PER_CLIENT,
  CODE_EXPIRED_MESSAGE,
  CODE_INVALID_MESSAGE,
  CODE_LENGTH,
  CODE_LOCKED_MESSAGE,
  CODE_MAX_ATTEMPTS,
  CODE_MAX_EVALUATIONS,
  CODE_REQUESTS_PER_CLIENT,
  CODE_REQUESTS_PER_EMAIL,
  CODE_TTL_MINUTES,
  CODE_WINDOW_SECONDS,
  type CodeCheck,
  type CodeClient,
  checkCode,
  codeError,
  generateCode,
  issueCode,
  throttleCodeRequests,
  verifyCodeOrThrow,
} from './service.ts';
