# blind25 (blind12's script via blind17, blind20, blind21, blind22, blind23 and blind24, changes marked 'blind25'; earlier
# changes marked 'blind9'/'blind10'/'blind11'/'blind12'/'blind17'/'blind20'/'blind21'/'blind22'/'blind23'/'blind24'): draw
# the API functions for the "which example uses X" questions.
# Pool: public API functions (MATLAB: +mr package functions incl. +aux/+Siemens sub-packages, methods of mr.Sequence;
# Python: functions exported by pypulseq/__init__.py, methods of pypulseq's Sequence). For each, the example scripts
# of its own language that call it (comments and strings ignored). Eligible: called by 1..8 scripts, not one of
# this set's 12 params/returns draws (blind25: THIS_SET_API = this set's draw_api.py picks) and not one of blind24's
# draws (blind25: PREV_SET = blind24's 10 named-function requests and 12 api entries, so that the draws are fresh).
# Per language: sort by qualified name, random.seed(251) (blind25), shuffle, take 6 / 4.
# Run from ../shared/data.

import re, os, ast, json, random, glob, sys
root='.'
# blind25: this set's 12 params/returns draws (draw_api.py, seed 251; 12 distinct names)
THIS_SET_API={'calcRfPower','traj2grad','calcRamp','modGradAxis','addGradients','compressShape',
 'calcDuration','registerLabelEvent',
 'calc_ramp','make_slr','calculate_gradient_spectrum','safe_example_gwf'}
# blind25: blind24's draws (its README: named-function requests #1-10, api entries #29-40), compared by last name component
PREV_SET={'registerRfEvent','addTRID','waveforms_and_times','makeArbitraryGrad','addRamps','findFlank',
 'get_block','add_gradients','apply_soft_delay','make_extended_trapezoid',
 'makeArbitraryRf','makeExtendedTrapezoidArea','rfFromLibData','containers_map_lookup_ik','sound','writeBinary',
 'registerRotationEvent','normalize','split_gradient_at','safe_tau_lowpass','make_sinc_pulse','register_grad_event'}

def strip_matlab(src):
    out=[]; inblock=False
    for line in src.split('\n'):
        s=line.strip()
        if s=='%{': inblock=True; out.append(''); continue
        if s=='%}': inblock=False; out.append(''); continue
        if inblock: out.append(''); continue
        res=''; i=0; instr=None
        while i<len(line):
            ch=line[i]
            if instr:
                if ch==instr:
                    if i+1<len(line) and line[i+1]==instr: i+=2; continue
                    instr=None
                i+=1; continue
            if ch=='%': break
            if line.startswith('...',i): break
            if ch=='"': instr='"'; res+=' '; i+=1; continue
            if ch=="'":
                prev=res.rstrip()[-1:] if res.rstrip() else ''
                if prev and (prev.isalnum() or prev in "_)]}.'") and res[-1:]!=' ' or (prev and (prev.isalnum() or prev in "_)]}.'") and res.endswith(prev)):
                    res+=ch; i+=1; continue   # transpose
                instr="'"; res+=' '; i+=1; continue
            res+=ch; i+=1
        out.append(res)
    return '\n'.join(out)

# ---- MATLAB pool
mat={}
for dp,dn,fn in os.walk('pulseq/matlab/+mr'):
    for f in fn:
        if not f.endswith('.m'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root); stem=f[:-2]
        src=open(p,encoding='utf-8',errors='replace').read()
        isclass=re.search(r'^\s*classdef',src,re.M) is not None
        parts=rel.split('/')[2:-1]   # +mr, +aux, @Sequence ...
        if any(x.startswith('@') for x in parts):
            if parts[-1]!='@Sequence': continue
            if isclass:
                for m in re.finditer(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?(\w+)',src,re.M):
                    n=m.group(1)
                    if n!='Sequence': mat.setdefault('seq.'+n,rel)
            else:
                mat.setdefault('seq.'+stem,rel)
        else:
            if isclass or stem in ('Contents','compile_mex'): continue
            if not re.search(r'^[ \t]*function\b',src,re.M): continue
            mat['.'.join(x[1:] for x in parts)+'.'+stem]=rel
# ---- Python pool
py={}
init=open('pypulseq/src/pypulseq/__init__.py').read()
for mod,name in re.findall(r'^from (pypulseq\.[\w.]+) import (\w+)\s*$',init,re.M):
    path='pypulseq/src/'+mod.replace('.','/')+'.py'
    if not os.path.exists(path): continue
    t=ast.parse(open(path).read())
    if any(isinstance(n,ast.FunctionDef) and n.name==name for n in t.body): py['pp.'+name]=os.path.relpath(path,root)
t=ast.parse(open('pypulseq/src/pypulseq/Sequence/sequence.py').read())
for n in t.body:
    if isinstance(n,ast.ClassDef) and n.name=='Sequence':
        for m in n.body:
            if isinstance(m,ast.FunctionDef) and not m.name.startswith('_'): py['seq.'+m.name]='pypulseq/src/pypulseq/Sequence/sequence.py'
# ---- callers
mscripts=sorted(glob.glob('pulseq/matlab/demoSeq/**/*.m',recursive=True))
pscripts=sorted(glob.glob('pypulseq/examples/scripts/*.py'))
mcode={s:strip_matlab(open(s,encoding='utf-8',errors='replace').read()) for s in mscripts}
pcalls={}
for s in pscripts:
    c=set()
    for n in ast.walk(ast.parse(open(s).read())):
        if isinstance(n,ast.Call) and isinstance(n.func,ast.Attribute) and isinstance(n.func.value,ast.Name):
            v=n.func.value.id
            if v=='pp': c.add('pp.'+n.func.attr)
            elif v.startswith('seq'): c.add('seq.'+n.func.attr)
    pcalls[s]=c
callers={}
for q in mat:
    if q.startswith('seq.'): rx=re.compile(r'\bseq\w*\.'+re.escape(q[4:])+r'\b(?!\s*=[^=])')
    else: rx=re.compile(r'\b'+re.escape(q)+r'\b(?!\s*=[^=])')
    callers[('matlab',q)]=[s for s in mscripts if rx.search(mcode[s])]
for q in py:
    callers[('python',q)]=[s for s in pscripts if q in pcalls[s]]
json.dump({f'{l} {q}':v for (l,q),v in callers.items()},open('/tmp/blind25_callers.json','w'),indent=1)
for lang,k in (('matlab',6),('python',4)):
    pool=sorted(q for (l,q),v in callers.items() if l==lang and 1<=len(v)<=8 and q.split('.')[-1] not in THIS_SET_API and q.split('.')[-1] not in PREV_SET)
    print(lang,len([1 for (l,q) in callers if l==lang]),'functions,',len(pool),'called by 1..8 scripts:')
    for q in pool: print('   ',q,len(callers[(lang,q)]))
    random.seed(251); random.shuffle(pool)   # blind25: seed 251
    print(' DRAWN:')
    for q in pool[:k]:
        print('   ',q,len(callers[(lang,q)]),' '.join(os.path.basename(s) for s in callers[(lang,q)]))
