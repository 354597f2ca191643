# syntax=docker/dockerfile:1
# Production image of the PBEM adjudication service: Node 22 (LTS), production dependencies only, node itself as
# PID 1 (src/server/main.ts shuts down on SIGTERM/SIGINT: HTTP, workers, pools), run as the unprivileged `node` user.

# --- deps: production dependencies and the generated Prisma client (postinstall runs `prisma generate`) -----------
FROM node:22-bookworm-slim AS deps
WORKDIR /app
# prisma generate reads the datasource URL but never connects: any well-formed URL will do at build time.
ENV DATABASE_URL=postgresql://build@127.0.0.1:5432/build
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY src/db ./src/db
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ------------------------------------------------------------------------------------------------------
FROM node:22-bookworm-slim AS runtime
# HOST: every interface of the container (the service's own default is 127.0.0.1); the SMTP listener follows it.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# Fonts of the map picture in mails (src/mail/map-image.ts): Latin and Japanese.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-ipafont-gothic \
    && rm -rf /var/lib/apt/lists/*
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json package-lock.json tsconfig.json prisma.config.ts ./
COPY --chown=node:node prisma ./prisma
COPY --chown=node:node bin ./bin
COPY --chown=node:node src ./src
COPY --from=deps --chown=node:node /app/src/generated ./src/generated
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 2525
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node, not npm, as PID 1: the signals of `docker stop` reach the service itself.
CMD ["node", "--import", "tsx", "src/server/main.ts"]
