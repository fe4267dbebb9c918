# One image for the planning service (`service`) and the study worker (`worker`, the default command).
#   docker build -t sweep .
#   docker run --rm sweep --help
# The sources are TypeScript run through tsx, a runtime dependency, so there is no build step and the
# dev dependencies (typescript, vitest, type definitions) stay out of the image.

ARG NODE_VERSION=20.20
FROM node:${NODE_VERSION}-bookworm-slim

LABEL org.opencontainers.image.title="sweep" \
      org.opencontainers.image.description="Energy-system optimisation studies on Temporal: the study worker and the local planning service"

# XDG_CACHE_HOME: where sweep caches the workflow bundle. Fixed rather than under $HOME, so that a container
# run with another uid (compose's SWEEP_UID, to write into a host directory) still finds the bundle built below.
ENV NODE_ENV=production \
    XDG_CACHE_HOME=/opt/sweep/cache \
    NPM_CONFIG_UPDATE_NOTIFIER=false

WORKDIR /opt/sweep/app

# Dependencies first: this layer is rebuilt only when the lock file changes, not at every source edit.
# The native parts (libsql, the Temporal core bridge, resvg, esbuild, swc) come prebuilt for glibc inside
# their npm packages, so the slim image needs no compiler.
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

COPY . .

RUN mkdir -p /var/lib/sweep /opt/sweep/cache \
 && chown node:node /var/lib/sweep /opt/sweep/cache \
 && chmod 700 /var/lib/sweep

USER node

# The workflow bundle, built now: a new container starts with an empty cache, and would otherwise spend
# seconds of webpack before polling. Its name is a digest of these sources, so the worker finds it as is.
RUN node --import tsx --input-type=module \
      -e "const { workflowBundle } = await import('./src/temporal/workflow-bundle.ts'); console.log('workflow bundle:', (await workflowBundle()).codePath);"

# The service keeps its database and files in /var/lib/sweep (compose mounts a named volume there; no
# VOLUME line, which would give every worker container an unused anonymous volume), and compose runs it on 8081.
EXPOSE 8081

ENTRYPOINT ["node", "bin/sweep.js"]
CMD ["worker"]
