# blind14: writes questions.jsonl and runs all mechanical checks. Adapted from blind13's make_questions.py (example and
# spec parts: kind-of-sequence walk re-run here; spec pages checked for key phrases in BOTH copies of the PDF) with
# blind12's api part put back (the issue's mix as in blind12: 10 named-function + 10 kind-of-sequence example requests,
# 8 spec questions, 9 params + 3 returns api questions). Reads /tmp/blind14_all.txt and /tmp/blind14_callers.json
# (written by the listing command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for
# the page checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind14_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('is there a demo that previews how the timing changes for chosen TE and TR values by applying them with seq.applySoftDelay?','seq.applySoftDelay','matlab','b')
fx('seq.sound in a MATLAB demo script, playing the gradient waveforms as audio','seq.sound','matlab','a')
fx('I want TE and TR to stay adjustable on the scanner; show me the demo sequences that build their delays with mr.makeSoftDelay','mr.makeSoftDelay','matlab','c')
fx('demo sequences with SLR pulses designed by mr.makeSLRpulse','mr.makeSLRpulse','matlab','a')
fx('which demo scripts rotate their readout through the rotation extension with mr.makeRotation?','mr.makeRotation','matlab','b')
fx('I need a publication-quality sequence diagram; show me the examples that call seq.paperPlot','seq.paperPlot','matlab','c')
fx('pypulseq examples using pp.align to line up gradients within a block','pp.align','python','a')
fx('is there a pypulseq example that rotates its gradient events with pp.rotate?','pp.rotate','python','b')
fx("I'm adding line and slice counters in pypulseq; show me the example scripts that call pp.make_label",'pp.make_label','python','c')
fx('which pypulseq examples call pp.make_extended_trapezoid_area?','pp.make_extended_trapezoid_area','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('2D radial gradient echo with fixed timing, TE 8 ms and TR 20 ms, 10 degree sinc excitation, spokes spread evenly over 180 degrees, 20 dummy spokes, RF spoiling and spoiler gradients',
   [P+'write_radial_gre.py',M+'writeRadialGradientEcho.m',M+'writeRadialGradientEcho_rotExt.m'],'none','a')
ex("I'd like to run a diffusion-weighted scan: single-shot spin-echo EPI with a diffusion gradient on either side of the refocusing pulse for b = 1000 s/mm2, a ramp-sampled readout, fat saturation and three 2 mm slices. Can you give me the code?",
   [M+'writeEpiDiffusionRS.m',M+'writeEpiDiffusionRS_PMC.m'],'none','c')
ex('do you have a saturation-recovery T1-weighted multi-slice 2D gradient echo, where every k-space line gets its own hard 90 degree pre-pulse, spoilers and a 140 ms recovery time before a 12 degree excitation?',
   [P+'write_2Dt1_mprage.py'],'none','b')
ex('is there a ramp-sampled gradient-echo EPI with navigator echoes and reconstruction labels whose TE and TR can be changed at the scanner console without regenerating the file?',
   [M+'writeEpiRS_label_softdelay.m'],'none','b')
ex("beginner's spoiled gradient echo: a single 2D slice, 10 degree excitation, echo at 5 ms, repetition every 12 ms, RF spoiling and spoiler gradients",
   [P+'write_gre.py',M+'writeGradientEcho.m'],'none','a')
ex('I need a fast single-slice gradient-echo EPI that samples on the gradient ramps and overlaps the phase blips with the readout, with a fat-sat pulse and full k-space coverage, but without navigators or reconstruction labels. Can you give me the code?',
   [M+'writeEpiRS.m'],'none','c')
ex('3D Cartesian spoiled gradient echo with a non-selective 8 degree hard pulse, 64 cubed matrix, TE 10 ms, TR 40 ms and 50 dummy repetitions, no preparation pulse',
   [M+'writeGradientEcho3D.m'],'none','a')
ex('For a phantom test I want a 64 by 64 spin-echo EPI over three slices at TE 40 ms: ramp-sampled readouts with the blips overlapping them, partial Fourier, a fat-sat pulse and crushers around the refocusing pulse, no diffusion weighting. Can you give me the code?',
   [M+'writeEpiSpinEchoRS.m',P+'write_epi_se_rs.py'],'none','c')
ex('which script reaches echo times of roughly 300 to 400 microseconds with centre-out radial spokes, exciting with a half pulse twice (slice gradient flipped the second time) and sampling only on the readout plateau?',
   [P+'write_ute.py',M+'writeUTE.m'],'none','b')
ex('is there a single-shot fast spin echo that covers just over half of k-space in one echo train, with 8 extra lines before the centre, 180 degree refocusing pulses, 12 ms echo spacing and TR 2 s?',
   [P+'write_haste.py',M+'writeHASTE.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('mr.aux.version gives the version that ends up in my file; how is the [VERSION] section of a seq file laid out, and what should an interpreter do with a file that has no [VERSION] section?',[7],'matlab','b')
sp("I'm declaring RequiredExtensions with seq.setDefinition; how is its value written, and what must an interpreter do with a listed extension it does not know, compared with an unknown extension that is not listed?",[16],'matlab','c')
sp('ONCE flag set with mr.makeLabel: which blocks run on every, the first and the last repetition, and what changes when there is only one repetition',[19],'matlab','a')
sp("I'm converting rotation matrices with mr.aux.quat.fromRotMat for the rotation extension; how does the seq file store each rotation, what do its four numbers mean, and how many rotations can one block carry?",[20],'matlab','c')
sp('mr.compressShape sometimes leaves a waveform uncompressed; how does a reader of the [SHAPES] section tell an uncompressed shape from a compressed one, and when must the writer store it uncompressed?',[21],'matlab','b')
sp('mr.makeArbitraryGrad with oversampling: which time shape ID value on the [GRADIENTS] line marks an oversampled waveform and what it means',[14],'matlab','a')
sp("I'm passing use='excitation' to pypulseq's pp.make_sinc_pulse; how does the [RF] line in the file record the intended use, and which uses does the format allow?",[12],'python','c')
sp('pypulseq pp.make_delay in a block of its own: how the seq format treats a block with no events, whether a block may have zero duration, and what if an event lasts longer than its block',[11],'python','a')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api('mr.aux.containers_map_lookup_ex arguments','matlab','containers_map_lookup_ex','params',[A+'+aux/containers_map_lookup_ex.m'],'a')
api('I want to check the excitation profile of my sinc pulse with mr.calcRfBandwidth; what inputs can I give it?','matlab','calcRfBandwidth','params',[A+'calcRfBandwidth.m'],'c')
api('what arguments does mr.convert take for converting gradient and slew-rate units?','matlab','convert','params',[A+'convert.m'],'b')
api('which parameters does mr.aux.containers_map_lookup_ik expect?','matlab','containers_map_lookup_ik','params',[A+'+aux/containers_map_lookup_ik.m'],'b')
api('I have a spiral k-space trajectory and want to add ramps to and from zero with mr.addRamps; which options does it accept?','matlab','addRamps','params',[A+'addRamps.m'],'c')
api('MATLAB seq.waveforms_and_times parameters','matlab','waveforms_and_times','params',[S],'a')
api('pypulseq pp.calc_ramp parameters','python','calc_ramp','params',[PA+'calc_ramp.py'],'a')
api("I'm loading an existing seq file into pypulseq with seq.read(); which arguments does it take?",'python','read','params',[PA+'Sequence/read_seq.py',PA+'Sequence/sequence.py'],'c')
api('what arguments does detect_scanner take in pypulseq?','python','detect_scanner','params',[PA+'Sequence/install.py'],'b')
api('what does seq.getBinaryCodes return?','matlab','getBinaryCodes','returns',[S],'b')
api("I'd like to know how long my MATLAB sequence runs; what does seq.duration return?",'matlab','duration','returns',[S],'c')
api('in pypulseq, what does seq.get_extension_type_string return?','python','get_extension_type_string','returns',[PA+'Sequence/sequence.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind14_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
assert [q['entry'] for q in Q if q['kind']=='api']==['containers_map_lookup_ex','calcRfBandwidth','convert','containers_map_lookup_ik',
  'addRamps','waveforms_and_times','calc_ramp','read','detect_scanner','getBinaryCodes','duration','get_extension_type_string']
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,l.split('%')[0] if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
assert exfns==['seq.applySoftDelay','seq.sound','mr.makeSoftDelay','mr.makeSLRpulse','mr.makeRotation','seq.paperPlot',
  'pp.align','pp.rotate','pp.make_label','pp.make_extended_trapezoid_area']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 141; skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(141); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
KEY={7:['major ⟨major⟩','may either refuse execution','version 1.0.0','It is recommended to reject Pulseq files without [VERSION] section'],
     11:['is a delay block','Block duration may be zero','Interpreters must gracefully ignore delay blocks of 0 duration',
         'No event comprising this block is allowed to last longer than the specified block duration','must to throw an error'],
     12:['<use> char Intended use fo the RF pulse','other or undefined'],
     14:['-1 means 1/2 of the default time raster','time shape ID of -1, meaning that the shape ID 7 is defined with the oversampling'],
     16:['RequiredExtensions','MUST generate an error and MUST not attempt executing the sequence','MAY chose to ignore them','space-separated list'],
     19:['blocks with ONCE=0 are executed on every repetition','ONCE=1 marks the blocks that are only executed in the first repetition',
         'only executed in the last repetition','When number of repetitions is equal to 1 no changes are applied'],
     20:['Only one rotation extension object can be specified per block','normalized rotation quaternion','cosine of the halved rotation angle',
         'scaled by the sine of the halved rotation angle'],
     21:['must interpret the shape as uncompressed if the number of samples in the stored shape is equal to num_samples',
         'must save the shape in uncompressed format if the result of compression has the same length']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
