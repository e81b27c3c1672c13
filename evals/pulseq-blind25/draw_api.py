# blind25: blind24's draw_api.py (blind12's, i.e. blind10's API draw, i.e. blind9's with changes marked blind9/blind10) with
# only these changes, marked 'blind25' (earlier 'blind24', 'blind23', 'blind22', 'blind21', 'blind20', 'blind17'):
# random.seed(251), the pool list written to /tmp/blind25_pool_*.json, and EXCL = the names blind24 drew (its 12
# params/returns entries and the last name components of its 10 named-function example draws), so that this set's draws
# are fresh. Counts as in blind12: 6/2 (MATLAB params/returns) and 3/1 (Python). The structural skip of my_validatecolor,
# a function nested inside seq.paperPlot, is kept. Run from ../shared/data.
import re, os, json, random
root='.'
# blind25: exclude blind24's draws (blind24 README: api entries #29-40 and named-function requests #1-10, by name as the
# parse prints it; no other earlier set excluded)
EXCL={'makeArbitraryRf','makeExtendedTrapezoidArea','rfFromLibData','containers_map_lookup_ik','sound','writeBinary',
 'registerRotationEvent','normalize','split_gradient_at','safe_tau_lowpass','make_sinc_pulse','register_grad_event',
 'registerRfEvent','addTRID','waveforms_and_times','makeArbitraryGrad','addRamps','findFlank',
 'get_block','add_gradients','apply_soft_delay','make_extended_trapezoid'}
out=[]
# MATLAB
for dp,dn,fn in os.walk(f'{root}/pulseq/matlab/+mr'):
    for f in fn:
        if not f.endswith('.m'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root)
        src=open(p,encoding='utf-8',errors='replace').read()
        for m in re.finditer(r'^[ \t]*function\s+(?:(\[[^\]]*\]|\w+)\s*=\s*)?(\w+)\s*(?:\(([^)]*)\))?',src,re.M):
            outs,name,args=m.group(1),m.group(2),m.group(3) or ''
            args=[a.strip() for a in args.split(',') if a.strip()]
            out.append(dict(lang='matlab',file=rel,name=name,args=args,outs=outs or ''))
# Python
import ast
for dp,dn,fn in os.walk(f'{root}/pypulseq/src/pypulseq'):
    for f in fn:
        if not f.endswith('.py'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root)
        t=ast.parse(open(p).read())
        def visit(nodes,cls=None):
            for n in nodes:
                if isinstance(n,(ast.FunctionDef,)):
                    args=[a.arg for a in n.args.posonlyargs+n.args.args+n.args.kwonlyargs if a.arg not in('self','cls')]
                    rets=any(isinstance(x,ast.Return) and x.value is not None for x in ast.walk(n)) or n.returns is not None
                    out.append(dict(lang='python',file=rel,name=n.name,cls=cls,args=args,outs=ast.unparse(n.returns) if n.returns else ('ret' if rets else '')))
                elif isinstance(n,ast.ClassDef) and cls is None:
                    visit(n.body,n.name)
        visit(t.body)

C=out
def body(file,name):
    src=open(os.path.join(root,file),encoding='utf-8',errors='replace').read()
    ms=list(re.finditer(r'^[ \t]*function\b.*$',src,re.M))
    for i,m in enumerate(ms):
        if re.search(r'\b'+name+r'\s*(\(|$)',m.group(0)):
            end=ms[i+1].start() if i+1<len(ms) else len(src)
            return src[m.start():end]
    return ''
# blind8: skipped in the walk (blind9: now also in EXCL, kept here harmlessly) (not removed from the list, so the shuffle is unchanged): a function nested inside
# seq.paperPlot, not a method; the parse credits it with paperPlot's parameters
SKIP={'my_validatecolor'}
el={'matlab':[], 'python':[]}
for c in C:
    n=c['name']; f=c['file']
    if n in EXCL or n.startswith('_'): continue
    if c['lang']=='matlab':
        src=open(os.path.join(root,f),encoding='utf-8',errors='replace').read()
        stem=os.path.basename(f)[:-2]
        isclass=re.search(r'^\s*classdef',src,re.M) is not None
        if '@Sequence' in f:
            if isclass and n==stem: continue   # constructor
            if not isclass and n!=stem: continue  # local helper in a method file
            kind='seq'
        else:
            if isclass or n!=stem or stem in('Contents','compile_mex'): continue
            kind='mr.aux' if '+aux' in f else ('mr.Siemens' if '+Siemens' in f else 'mr')
        b=body(f,n)
        named=[a for a in c['args'] if a not in('obj','varargin')]
        parsed=re.findall(r"add(?:Required|Optional|Parameter|ParamValue)\(\s*(?:\w+\s*,\s*)?'(\w+)'",b)
        c['params']=sorted(set(named+parsed)); c['kind']=kind
    else:
        if c['cls'] not in (None,'Sequence'): continue
        if c['cls']=='Sequence' and not f.endswith('Sequence/sequence.py'): continue
        c['kind']='seq' if c['cls'] else 'pp'
        c['params']=[a for a in c['args']]
    c['p_ok']=len(c['params'])>=2
    c['r_ok']=bool(c['outs']) and c['outs']!='None'
    el[c['lang']].append(c)
pick={}
for lang,(np_,nr) in {'matlab':(6,2),'python':(3,1)}.items():
    L=sorted(el[lang],key=lambda c:(c['file'],c['name']))
    random.seed(251); random.shuffle(L)   # blind25: seed 251
    P=[c for c in L if c['p_ok'] and c['name'] not in SKIP][:np_]
    # blind9: with blind8's names excluded only 8 MATLAB functions with >=2 parameters are left; if the walk has
    # fewer than np_ of them, fill up with the walk's first functions having >=1 parameter (walk order unchanged)
    if len(P)<np_:
        fill=[c for c in L if len(c['params'])>=1 and c not in P and c['name'] not in SKIP][:np_-len(P)]
        for c in fill: print('  (fill-up, 1 parameter)',c['name'])
        P=P+fill
    R=[c for c in L if c['r_ok'] and c['name'] not in SKIP and c not in P][:nr]
    print(lang,len(L),'eligible')
    for c in P: print('  PARAMS ',c['kind'],c['name'],c['file'],c['params'],c['outs'])
    for c in R: print('  RETURNS',c['kind'],c['name'],c['file'],c['params'],c['outs'])
    json.dump(sorted({c['name'] for c in L}),open(f'/tmp/blind25_pool_{lang}.json','w'))
